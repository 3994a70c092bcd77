// The clock the book pipeline publishes on. In the browser it is requestAnimationFrame;
// tests pass a fake one and step frames by hand.
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrames: FrameScheduler = {
  request: (cb) => requestAnimationFrame(() => cb()),
  cancel: (h) => cancelAnimationFrame(h),
};
