/** Citable's version as the CI formats name it (SARIF's tool.driver); a test keeps it equal to package.json's. */
export const CITABLE_VERSION = '0.1.0';
