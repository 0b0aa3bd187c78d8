/**
 * A performance mark once the browser has painted what was just committed: a task posted from the next
 * animation frame runs after that frame's paint. bench/reading reads these marks; each costs microseconds.
 */
export function markAfterNextPaint(name: string, detail?: unknown): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => performance.mark(name, { detail });
    channel.port2.postMessage(null);
  });
}
