import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/**
 * The environment of the test file's own Payload (`startTestPayload` sets it): app processes
 * started with it use the same database and secret, as a second instance of the same app would.
 */
export const sameAppEnv = (): Record<string, string> => ({
  DATABASE_URL: process.env.DATABASE_URL!,
  MEDIA_DIR: process.env.MEDIA_DIR!,
  PAYLOAD_SECRET: process.env.PAYLOAD_SECRET!,
  SERVER_URL: 'http://127.0.0.1',
})

/**
 * Starts `count` separate app processes (test/helpers/appServer.ts) on one database: what two
 * instances of the app behind a load balancer share is only the database, so that is all these share.
 */
export const startAppServers = async (count: number, env: Record<string, string>) => {
  const processes: ChildProcess[] = Array.from({ length: count }, () =>
    // Node itself with tsx's loader, not `npx tsx`: npx does not pass SIGTERM on, so stopping it
    // would leave the server running after the tests.
    spawn(process.execPath, ['--import', 'tsx', 'test/helpers/appServer.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const listening = (child: ChildProcess) =>
    new Promise<string>((resolve, reject) => {
      let errors = ''
      child.stderr!.on('data', (chunk) => (errors += chunk))
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{"port"')) resolve(`http://127.0.0.1:${JSON.parse(line).port}`)
      })
      child.once('exit', (code) =>
        reject(new Error(`app server exited with ${code}: ${errors.slice(-2000)}`)),
      )
    })
  let urls: string[]
  try {
    urls = await Promise.all(processes.map(listening))
  } catch (error) {
    processes.forEach((child) => child.kill())
    throw error
  }
  return {
    stop: async () => {
      await Promise.all(
        processes.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve()
              child.once('exit', () => resolve())
              child.kill('SIGTERM')
            }),
        ),
      )
    },
    urls,
  }
}
