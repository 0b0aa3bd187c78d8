// A value built on first use: the API's zod schemas in the browser (docs/decisions/101). Building every
// endpoint's schemas when their chunk loads took about 250 ms of a phone's main thread (decision 098's profile);
// a screen needs a few of them, when its first call goes out or its first answer comes in.

/**
 * A stand-in for `build()`'s object that builds it on first use (a property read or write, `in`, its keys, its
 * prototype: `instanceof`), once, and forwards everything to it from then on.
 */
export function deferred<T extends object>(build: () => T): T {
  let built: T | undefined;
  const target = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => Reflect.get(target(), key, target()),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported configurable: the stand-in itself has no properties, and a proxy may not report a property it
    // does not have as non-configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

/**
 * Whether values are built at once: everywhere but in a page. The server registers every endpoint at start, so
 * it needs every schema anyway, and its hot paths then reach the schemas without a stand-in in between.
 */
const BUILD_AT_ONCE = typeof window === 'undefined';

/** `build()`'s object: built at once on the server, on first use in the browser (see `deferred`). */
export function lazy<T extends object>(build: () => T): T {
  return BUILD_AT_ONCE ? build() : deferred(build);
}
