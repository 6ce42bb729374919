import { fetch } from '../src/index.ts';

// @verifies pkg-21#P21-FETCH-INPUT~7b5744a8
it('fetch case 1', () => {
  if (fetch(['a']).length !== 1) throw new Error('fetch');
});

// @verifies pkg-21#P21-FETCH-EMPTY~13f82506
it('fetch case 2', () => {
  if (fetch(['a']).length !== 1) throw new Error('fetch');
});

// @verifies pkg-21#P21-INTEGRATES~e6d2bf2b
it('fetch case 3', () => {
  if (fetch(['a']).length !== 1) throw new Error('fetch');
});
