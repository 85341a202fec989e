// The types of ports.mjs, for the web app's end-to-end tests, which start servers on its ports too.
export declare function freePort(): Promise<number>;
