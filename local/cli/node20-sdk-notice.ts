// Imported first by the twin's command-line programs (npm start, npm run ops, npm run bench): under
// Node 20 the AWS SDK prints a 9-line notice that its releases after the first week of January 2027
// will need Node 22. The lock pins today's SDK and README.md says so once (Prerequisites); a warning at every
// command tells the user nothing new. A user who sets the variable keeps their own value.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
