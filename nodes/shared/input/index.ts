/** The one input layer of the package: every node and the trigger read their fields through it. */
export * from './values';
export * from './ids';
export * from './choices';
export * from './dates';
export * from './freshness';
export * from './paths';
