/** Tokens as the giving product signs them (the log-redaction tests send one). */
export { GIVING_PARTY, WALLET_PARTY, signSsoToken } from './tokens.js';
