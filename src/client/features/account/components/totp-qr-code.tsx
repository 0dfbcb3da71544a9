import { useEffect, useState } from "react";

/**
 * The otpauth:// address as a QR code for an authenticator app to scan. `qrcode` is loaded
 * only here, when a member sets up two-factor: nothing else needs it.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode")
      .then(({ default: qrcode }) =>
        qrcode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
      )
      .then((made) => {
        if (current) setSvg(made);
      })
      // The key below is the way in without the picture.
      .catch(() => setSvg(null));
    return () => {
      current = false;
    };
  }, [uri]);
  if (!svg) return <div className="size-48 rounded-md bg-muted" aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt="QR code for your authenticator app"
      className="size-48 rounded-md bg-white p-2"
      width={192}
      height={192}
    />
  );
}
