import { merge } from '../src/index.ts';

// @verifies pkg-12#P12-MERGE-INPUT~8ceba82e
it('merge case 1', () => {
  if (merge(['a']).length !== 1) throw new Error('merge');
});

// @verifies pkg-12#P12-MERGE-EMPTY~13f82506
it('merge case 2', () => {
  if (merge(['a']).length !== 1) throw new Error('merge');
});

// @verifies pkg-12#P12-INTEGRATES~dfd88745
it('merge case 3', () => {
  if (merge(['a']).length !== 1) throw new Error('merge');
});

// @verifies pkg-11#P11-INTEGRATES~3f89f517
it('merge calls another package 1', () => {
  if (merge([]).length !== 0) throw new Error('merge');
});
