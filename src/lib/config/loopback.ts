/** The hosts a console on this machine is served from: only there do development settings apply. */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** Whether `hostname` (a `location.hostname`, IPv6 in brackets) is this machine. */
export const isLoopbackHost = (hostname: string): boolean =>
  (LOOPBACK_HOSTS as readonly string[]).includes(hostname.toLowerCase());
