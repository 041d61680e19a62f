/** Hordelab's version, recorded in every summary (a test keeps it equal to package.json's). */
export const HORDELAB_VERSION = '0.1.0';
