/**
 * Yields to the event loop so that a cancel message can be read between chunks of work.
 * setTimeout(0) would be clamped to 4 ms once nested, so a macrotask hop is used instead.
 */
export function pause(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') {
      setImmediate(resolve);
      return;
    }
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

export function abortError(): Error {
  const e = new Error('cancelled');
  e.name = 'AbortError';
  return e;
}
