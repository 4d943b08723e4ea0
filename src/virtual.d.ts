/** One locale's shared cell strings (src/integrations/shared-strings.ts). */
declare module 'virtual:shared-strings/*' {
  import type { Strings } from './i18n/index.ts';
  const strings: Strings;
  export default strings;
}
