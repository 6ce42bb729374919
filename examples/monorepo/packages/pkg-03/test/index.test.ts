import { route } from '../src/index.ts';

// @verifies pkg-03#P03-ROUTE-INPUT~dd4f9c5c
it('route case 1', () => {
  if (route(['a']).length !== 1) throw new Error('route');
});

// @verifies pkg-03#P03-ROUTE-EMPTY~13f82506
it('route case 2', () => {
  if (route(['a']).length !== 1) throw new Error('route');
});

// @verifies pkg-03#P03-INTEGRATES~47bf1ec4
it('route case 3', () => {
  if (route(['a']).length !== 1) throw new Error('route');
});

// @verifies pkg-01#P01-INTEGRATES~f5ba7c6a
it('route calls another package 1', () => {
  if (route([]).length !== 0) throw new Error('route');
});
