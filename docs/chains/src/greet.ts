// @implements software#SW-GREET~a4fad65b
// @implements software#SW-GREET-EMPTY~12e21ed1
export function greet(name: string): string {
  return `Hello, ${name === '' ? 'world' : name}!`;
}
