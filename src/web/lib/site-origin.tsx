import { createContext, useContext } from 'react';

/**
 * The shop's public address (`https://shop.example`): canonical links, Open Graph and
 * structured data are absolute. The server renders with its configured PUBLIC_URL and hands it
 * to the browser with the page's data, so both sides write the same tags.
 */
export const SiteOriginContext = createContext('');

export const useSiteOrigin = () => useContext(SiteOriginContext);
