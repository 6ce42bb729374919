import { store } from '../src/index.ts';

// @verifies pkg-04#P04-STORE-INPUT~b3b0d557
it('store case 1', () => {
  if (store(['a']).length !== 1) throw new Error('store');
});

// @verifies pkg-04#P04-STORE-EMPTY~13f82506
it('store case 2', () => {
  if (store(['a']).length !== 1) throw new Error('store');
});

// @verifies pkg-04#P04-INTEGRATES~1438f1a1
it('store case 3', () => {
  if (store(['a']).length !== 1) throw new Error('store');
});
