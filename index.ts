// n8n loads the package through the "n8n" block of package.json; this entry point only
// re-exports the credential and node classes for programmatic use.
export * from './credentials/ShoppingCenterApi.credentials';
