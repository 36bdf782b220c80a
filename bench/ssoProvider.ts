/**
 * The demo OpenID provider of `npm run bench:sso`, in a process of its own: the app's callback
 * waits on it for the token and userinfo requests, and that wait is subtracted from the callback's
 * time. In the app's process its work (and the garbage it leaves) would share the event loop that
 * the benchmark times; here it runs aside, as a real provider does. It also plays the browser's
 * part at the provider (`authorize`), which is not timed.
 *
 * Environment (set by bench/sso.ts): BENCH_SSO_CLIENT_ID, BENCH_SSO_CLIENT_SECRET,
 * BENCH_SSO_REDIRECT_URI.
 */
import type { ProviderCommand, ProviderReply } from './lib/ssoProtocol.js'

import { startDemoOidcProvider } from '../dev/sso/demoOidcProvider.js'

/** Resolves once the message is handed to the IPC channel, so exiting right after loses nothing. */
const reply = (message: ProviderReply) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  )

const provider = await startDemoOidcProvider({
  clients: [
    {
      clientId: process.env.BENCH_SSO_CLIENT_ID!,
      clientSecret: process.env.BENCH_SSO_CLIENT_SECRET!,
      redirectUris: [process.env.BENCH_SSO_REDIRECT_URI!],
    },
  ],
})

const handle = async (command: ProviderCommand): Promise<ProviderReply> => {
  switch (command.type) {
    case 'authorize':
      provider.signInNext(command.identity)
      return { callbackUrl: await provider.authorize(command.url), type: 'authorized' }
    case 'stop':
      await provider.close()
      return { type: 'stopped' }
  }
}

process.on('message', (command: ProviderCommand) => {
  handle(command)
    .then(async (message) => {
      await reply(message)
      if (message.type === 'stopped') {
        process.exit(0)
      }
    })
    .catch((error: unknown) =>
      reply({
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        type: 'error',
      }),
    )
})

await reply({ issuer: provider.issuer, type: 'ready' })
