/*
 * The user-profile feature's public entry: what other features may import. Only light things (paths) belong here;
 * the page itself is loaded by the router (app/), so that it stays a chunk of its own.
 */
export { userProfilePath, userProfilePattern } from './paths';
