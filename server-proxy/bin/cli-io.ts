import { createInterface } from 'node:readline';

export function flagValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

// One reader for all piped lines: a second readline on the same pipe would miss
// what the first one had already buffered.
let pipedLines: AsyncIterator<string> | undefined;

/** Reads one line: hidden from the terminal when interactive, plain from a pipe. */
export async function readSecretLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    pipedLines ??= createInterface({ input: stdin })[Symbol.asyncIterator]();
    const next = await pipedLines.next();
    return next.done ? '' : next.value;
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  let value = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

export function die(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
