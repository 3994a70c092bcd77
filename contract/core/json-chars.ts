// The JSON punctuation as char codes, for the scanners that read JSON text without parsing
// it (the proxy's relay/ws-push-route.ts routes pushes and policy/json-shape.ts checks
// depth and keys; json-text.ts here serves the book's push reader and the web's socket).
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
