import { hash } from '../src/index.ts';

// @verifies pkg-16#P16-HASH-INPUT~754a27db
it('hash case 1', () => {
  if (hash(['a']).length !== 1) throw new Error('hash');
});

// @verifies pkg-16#P16-HASH-EMPTY~13f82506
it('hash case 2', () => {
  if (hash(['a']).length !== 1) throw new Error('hash');
});

// @verifies pkg-16#P16-INTEGRATES~228bd18e
it('hash case 3', () => {
  if (hash(['a']).length !== 1) throw new Error('hash');
});

// @verifies pkg-15#P15-INTEGRATES~2e2f1f9a
it('hash calls another package 1', () => {
  if (hash([]).length !== 0) throw new Error('hash');
});
