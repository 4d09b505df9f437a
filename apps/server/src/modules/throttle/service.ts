export { recordHit, hitsInWindow, clearHits } from './repo.js';
