import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'pin',
  summary: '',
  usage: 'usage: factline pin',
  async run() {
    throw new UsageError('`pin` is not implemented yet');
  },
};
export default command;
