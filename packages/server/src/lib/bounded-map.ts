/**
 * A Map that keeps at most `max` entries: setting a key moves it to the end, and the oldest entries
 * (least recently set) are forgotten first. For the small in-process memos of the hot paths.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.max) break;
      super.delete(oldest);
    }
    return this;
  }
}

/** One value per owner object (a database handle, a key ring), made on first use, gone with its owner. */
export function perOwner<Owner extends object, Value>(make: () => Value): (owner: Owner) => Value {
  const values = new WeakMap<Owner, Value>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make();
      values.set(owner, value);
    }
    return value;
  };
}
