// XAPI
