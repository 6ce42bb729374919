import { expect, it } from 'vitest';
import { greet } from '../src/greet.ts';

// @verifies tests#TC-GREET-ADA~31544c2c
it('greets Ada by name', () => {
  expect(greet('Ada')).toBe('Hello, Ada!');
});

// @verifies tests#TC-GREET-EMPTY~3a64c6c2
it('greets the world when the name is empty', () => {
  expect(greet('')).toBe('Hello, world!');
});
