import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'report',
  summary: '',
  usage: 'usage: factline report',
  async run() {
    throw new UsageError('`report` is not implemented yet');
  },
};
export default command;
