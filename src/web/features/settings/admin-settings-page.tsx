import { DashboardSection } from '../../components/dashboard-section.tsx';
import { ShippingMethodsSection } from './shipping-methods-section.tsx';
import { ShopDetailsSection } from './shop-details-form.tsx';
import { TaxRatesSection } from './tax-rates-section.tsx';

/** Admin Settings: the seller's details for invoices, the shipping methods and the tax rates. */
export function AdminSettingsPage() {
  return (
    <DashboardSection
      title="Settings"
      description="The shop's details for invoices, its shipping methods and its tax rates."
    >
      <ShopDetailsSection />
      <ShippingMethodsSection />
      <TaxRatesSection />
    </DashboardSection>
  );
}
