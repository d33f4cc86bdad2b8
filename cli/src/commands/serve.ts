import { Command, InvalidArgumentError } from 'commander';
import { serverOptionsFromEnv, startServer } from '@fordran/api';
import { DB_OPTION } from '../database-location';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('måste vara ett portnummer (0–65535)');
  return port;
}

export function createServeCommand(): Command {
  return new Command('serve')
    .description('Startar Fordran: API och webbgränssnitt i en process (migrerar databasen först)')
    .option('--port <port>', 'TCP-port (standard PORT eller 3000)', parsePort)
    .option(...DB_OPTION)
    .addHelpText(
      'after',
      '\nMiljövariabler: FORDRAN_DATABASE_URL och FORDRAN_DATABASE_POOL_SIZE (PostgreSQL) eller FORDRAN_DB (SQLite), FORDRAN_DATA_DIR, FORDRAN_SECRET, PORT, HOST, FORDRAN_UI_DIST (med flera, se README).\n\nExempel:\n  $ fordran serve\n  $ fordran serve --port 8080 --db /var/lib/fordran/fordran.db\n  $ FORDRAN_DATABASE_URL=postgres://fordran@db:5432/fordran FORDRAN_DATA_DIR=/var/lib/fordran fordran serve',
    )
    .action(async (options: { port?: number; db?: string }) => {
      const { databaseUrl, poolSize, ...fromEnv } = serverOptionsFromEnv(process.env);
      const server = await startServer({
        ...fromEnv,
        // An explicit --db file means that SQLite file, whatever FORDRAN_DATABASE_URL says.
        ...(options.db ? { dbPath: options.db } : { databaseUrl, poolSize }),
        ...(options.port !== undefined ? { port: options.port } : {}),
      });
      console.log(`Fordran kör på ${server.url}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await new Promise(() => undefined); // serve until a signal arrives
    });
}
