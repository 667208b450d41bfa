import { formatAddressLines, type OrderAddress } from '../../contract/addresses.ts';

/** An address as a label prints it, one line each; the phone under it when there is one. */
export function AddressLines({ address }: { address: Omit<OrderAddress, 'label'> }) {
  return (
    <address className="not-italic">
      {formatAddressLines(address).map((line, i) => (
        <span key={i} className="block wrap-anywhere">
          {line}
        </span>
      ))}
      {address.phone && <span className="block text-base-content/80">{address.phone}</span>}
    </address>
  );
}

/** The account's defaults, as badges beside an address. */
export function DefaultBadges({
  address,
}: {
  address: { isDefaultShipping: boolean; isDefaultBilling: boolean };
}) {
  return (
    <>
      {address.isDefaultShipping && (
        <span className="badge badge-sm badge-primary">Default shipping</span>
      )}
      {address.isDefaultBilling && (
        <span className="badge badge-sm badge-secondary">Default billing</span>
      )}
    </>
  );
}
