import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'explain',
  summary: '',
  usage: 'usage: factline explain',
  async run() {
    throw new UsageError('`explain` is not implemented yet');
  },
};
export default command;
