/**
 * Runs the sandbox's PostgreSQL in a process group of its own, started by `dev.ts`. A Ctrl-C in the
 * terminal then reaches Next but not the database, which is stopped only after Next has exited,
 * instead of cutting Next's connections while it is still shutting down. Prints the connection URL
 * as one JSON line; stops the server when its standard input closes (its parent is gone).
 */
import { prepareSandbox } from './sandboxEnvironment.js'

const sandbox = await prepareSandbox({ quiet: true })
process.stdout.write(
  `${JSON.stringify({ databaseUrl: process.env.DATABASE_URL, payloadSecret: process.env.PAYLOAD_SECRET })}\n`,
)

let stopping = false
const stop = async () => {
  if (!stopping) {
    stopping = true
    await sandbox.stop()
    process.exit(0)
  }
}
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
