// Loaded into the embedded simulator's process by the proxy (node --import this file):
// the simulator lives and dies with the proxy (issue 16 item 3). The proxy holds the
// write end of the simulator's stdin; when the proxy dies, even by kill -9, the kernel
// closes that end, stdin reaches its end, and the simulator exits at once, freeing its
// port for the next `npm start`. A changed parent pid (re-parented to init) is a second,
// slower sign of the same thing.
const parentPid = process.ppid;
const leave = () => process.exit(0);
process.stdin.on('end', leave);
process.stdin.on('close', leave);
process.stdin.on('error', leave);
process.stdin.resume();
setInterval(() => {
  if (process.ppid !== parentPid) leave();
}, 500).unref();
export {};
