/** A value created on first use and kept for the container's life (SDK clients, parsed config). */
export function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}
