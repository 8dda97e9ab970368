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
