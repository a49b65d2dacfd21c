// The resolve hook of module-loads.mjs (module hooks run in a thread of their own).
let names = new Set();

export function initialize(data) {
  names = new Set(data.names);
}

export async function resolve(specifier, context, next) {
  if (names.has(specifier)) process.stderr.write(`module loaded: ${specifier}\n`);
  return next(specifier, context);
}
