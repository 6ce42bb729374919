import { pack } from '../src/index.ts';

// @verifies pkg-15#P15-PACK-INPUT~4a50f6c3
it('pack case 1', () => {
  if (pack(['a']).length !== 1) throw new Error('pack');
});

// @verifies pkg-15#P15-PACK-EMPTY~13f82506
it('pack case 2', () => {
  if (pack(['a']).length !== 1) throw new Error('pack');
});

// @verifies pkg-15#P15-INTEGRATES~2e2f1f9a
it('pack case 3', () => {
  if (pack(['a']).length !== 1) throw new Error('pack');
});
