/** An authenticator set up but not yet confirmed, with a secret the test chose (the rate-limit tests). */
export { putPendingAuthenticator } from './repo.js';
