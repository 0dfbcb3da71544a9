// OWASP-style cross-site scripting payloads (after the XSS Filter Evasion Cheat Sheet): the API
// tests store them in every user-writable field, and e2e/xss.spec.ts opens every page that
// shows those fields in Chromium. Each one calls alert() if it ever runs.
export const XSS_PAYLOADS: readonly string[] = [
  "<script>alert('xss-script')</script>",
  "<img src=x onerror=alert('xss-img')>",
  "<svg onload=alert('xss-svg')>",
  '"><script>alert("xss-attr-break")</script>',
  "'><img src=x onerror=alert('xss-single-quote')>",
  "</title><script>alert('xss-title')</script>",
  "</textarea><script>alert('xss-textarea')</script>",
  "<iframe src=\"javascript:alert('xss-iframe')\"></iframe>",
  "<a href=\"javascript:alert('xss-href')\">click</a>",
  "javascript:alert('xss-scheme')",
  "<body onload=alert('xss-body')>",
  "<details open ontoggle=alert('xss-details')>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('xss-mxss')>",
  "<scr<script>ipt>alert('xss-nested')</scr</script>ipt>",
  "&lt;script&gt;alert('xss-entities')&lt;/script&gt;",
  "&#60;script&#62;alert('xss-numeric')&#60;/script&#62;",
  "%3Cscript%3Ealert('xss-percent')%3C/script%3E",
  '" onmouseover="alert(\'xss-onmouseover\')" x="',
  "' onfocus='alert(`xss-onfocus`)' autofocus='",
  "{{constructor.constructor('alert(`xss-template`)')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the payload is the literal text
  "${alert('xss-template-literal')}",
  "$' $` $& replacement patterns",
  "<object data=\"data:text/html,<script>alert('xss-object')</script>\"></object>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(\'xss-meta\')">',
  "<style>@import 'javascript:alert(\"xss-style\")';</style>",
  "<p style=\"background:url(javascript:alert('xss-css'))\">styled</p>",
  "<strong onclick=alert('xss-allowed-tag')>allowed tag, bad attribute</strong>",
  "<!--<img src=--><img src=x onerror=alert('xss-comment')//>",
  "<ScRiPt>alert('xss-case')</sCrIpT>",
  "<img src=`x` onerror=alert('xss-backtick')>",
  "\u003cscript\u003ealert('xss-unicode-escape')\u003c/script\u003e",
];

/** A payload short enough for fields with small limits (Twitter handle 50, hero word 50). */
export const SHORT_XSS = "<svg onload=alert('x')>";
