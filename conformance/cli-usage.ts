/** The help text of `npm run conformance` (cli.ts): every option, what it lets the run do, and its default. */
import { REST_KINDS } from './run-options.ts';

export const USAGE = `Usage: npm run conformance -- --target <base URL> [options]

  --target <url>          base URL of the server under test, e.g. http://127.0.0.1:8080/api (required)
  --token <jwt>           an administrator's bearer token (default: the contract's admin login example token)
  --checks <kind,...>     which checks: ${REST_KINDS.join(', ')} (default: all)
  --allow-writes          the target is a test system: send the calls that change state (commands, writes, flows)
  --identities <file>     the accounts of the authorization matrix: {"a": {...}, "b": {...}, "dealer": {...}}
  --token-a <jwt>         end user A's token (instead of the file; with --token-b)
  --token-b <jwt>         end user B's token, another account with a panel of its own
  --token-dealer <jwt>    a dealer's token (the "role below the level" cells of administrator calls)
  --only <id,id,...>      check only these operationIds
  --flow-panel <dev_id>   a test panel on none of A's lists, which the panel flow adds, renames and removes
  --bill-order <id>       a purchased order the order flow bills (billing cannot be undone; without it, not billed)
  --sign-out-token <jwt>  a session the session check signs out (default: a sign-in with the contract's login example)
  --expired-token <jwt>   a token of this server whose exp has passed: it must be refused (401)
  --reauth-account <user name>
                          a test account the re-authentication check signs in with, then locks (reauth: 15 min;
                          its password in CONFORMANCE_REAUTH_PASSWORD)
  --stale-token <jwt>     a token of this server from a sign-in over 5 minutes ago, exp not passed (x-reauth: 403)
  --pin-panel <dev_id>    a test panel the panel password limit check locks for A (or the --token account)
  --pin-password <pin>    that panel's right password (default: the contract's password check example, 1234)
  --abuse-account <name>  a real account the abuse check sends wrong passwords for and locks (sign-in 15 min, …)
  --abuse-client          let the abuse check lock this machine's own address (per-client limits; up to an hour)
  --password-account <id>:<user name>
                          a test account the password flow resets (one-time password, policy); its password ends reset
  --second-factor-account <user name>
                          a test dealer or administrator without a second factor, which the second factor's probe
                          enrols, signs in with codes and turns off (its password in CONFORMANCE_SECOND_FACTOR_PASSWORD)
  --seed <n>              seed of the negative cases' choice (default 1): the same seed sends the same cases
  --max-cases <n>         most negative cases per operation (default 20)
  --strict-proposals      count failures of proposed calls (x-proposed) as failures
  --json <file>           also write the full report as JSON
  --junit <file>          also write a JUnit XML report (one test case per operation and check)
  --html <file>           also write a self-contained HTML report
  --concurrency <n>       requests in flight at once, 1-32 (default 4)
  --timeout <ms>          per-request timeout (default 10000)
  -h, --help              this text`;
