// The customers domain's front door: all that other domains, http/, cli/ and the app may import from it
// (docs/architecture.md). Inside the domain, files import each other directly.
export { customerRoutes } from './customers.routes.js';
