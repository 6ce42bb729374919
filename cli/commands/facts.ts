import { type Command, UsageError } from '../io.ts';

// Placeholder until its issue lands: refuses loudly rather than pretending.
const command: Command = {
  name: 'facts',
  summary: '',
  usage: 'usage: factline facts',
  async run() {
    throw new UsageError('`facts` is not implemented yet');
  },
};
export default command;
