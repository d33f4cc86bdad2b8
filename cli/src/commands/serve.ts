import { Command, InvalidArgumentError } from 'commander';
import { serverOptionsFromEnv, startServer } from '@fordran/api';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('måste vara ett portnummer (0–65535)');
  return port;
}

export function createServeCommand(): Command {
  return new Command('serve')
    .description('Startar Fordran: API och webbgränssnitt i en process (migrerar databasen först)')
    .option('--port <port>', 'TCP-port (standard PORT eller 3000)', parsePort)
    .option('--db <path>', 'databasfil (standard FORDRAN_DB eller ./data/fordran.db)')
    .addHelpText(
      'after',
      '\nMiljövariabler: FORDRAN_DB, FORDRAN_DATA_DIR, FORDRAN_SECRET, PORT, HOST, FORDRAN_UI_DIST.\n\nExempel:\n  $ fordran serve\n  $ fordran serve --port 8080 --db /var/lib/fordran/fordran.db',
    )
    .action(async (options: { port?: number; db?: string }) => {
      const server = await startServer({
        ...serverOptionsFromEnv(process.env),
        ...(options.port !== undefined ? { port: options.port } : {}),
        ...(options.db ? { dbPath: options.db } : {}),
      });
      console.log(`Fordran kör på ${server.url}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await new Promise(() => undefined); // serve until a signal arrives
    });
}
