export declare const CHROMIUM: string;
export declare function testBrowserPath(): string;
