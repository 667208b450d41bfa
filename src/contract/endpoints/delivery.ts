import { z } from 'zod';
import { address, addressInput, addressList } from '../addresses.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { shippingMethod, shippingMethodInput, shippingMethodList } from '../shipping-rules.ts';
import { shopSettings, shopSettingsRecord } from '../shop-settings.ts';
import { taxRate, taxRateInput, taxRateList } from '../tax-rules.ts';
import { taxDetails, taxDetailsInput, taxExemptInput, vatVerifiedInput } from '../vat-id.ts';

const deleted = z.object({ deleted: z.literal(true), _id: z.string() });

/**
 * The delivery part of the endpoint table (src/contract/endpoints.ts composes every part):
 * the account's addresses, shipping methods, tax rates, the shop's details and the account's
 * tax details.
 */
export const deliveryEndpoints = {
  // The account's address book: its own only; another account's address answers 404.
  listAddresses: endpoint({
    method: 'GET',
    path: '/api/addresses',
    access: 'user',
    tag: 'addresses',
    summary: "The caller's addresses, oldest first",
    response: addressList,
  }),
  addAddress: endpoint({
    method: 'POST',
    path: '/api/addresses',
    access: 'user',
    tag: 'addresses',
    summary: "Add an address; an account's first is its default for shipping and billing",
    body: addressInput,
    status: 201,
    response: address,
    refusals: [409],
  }),
  updateAddress: endpoint({
    method: 'PUT',
    path: '/api/addresses/:id',
    access: 'user',
    tag: 'addresses',
    summary: "Change one of the caller's addresses; a default flag set here moves from the others",
    params: idParams,
    body: addressInput,
    response: address,
  }),
  deleteAddress: endpoint({
    method: 'DELETE',
    path: '/api/addresses/:id',
    access: 'user',
    tag: 'addresses',
    summary: "Remove one of the caller's addresses; orders keep their copies",
    params: idParams,
    response: deleted,
  }),
  // Shipping methods: anyone sees them, admins keep them.
  listShippingMethods: endpoint({
    method: 'GET',
    path: '/api/shipping-methods',
    access: 'anyone',
    tag: 'shipping',
    summary: 'Every shipping method, by name',
    response: shippingMethodList,
  }),
  addShippingMethod: endpoint({
    method: 'POST',
    path: '/api/shipping-methods',
    access: 'admin',
    tag: 'shipping',
    summary: 'Add a shipping method (written to the audit trail)',
    body: shippingMethodInput,
    status: 201,
    response: shippingMethod,
  }),
  updateShippingMethod: endpoint({
    method: 'PUT',
    path: '/api/shipping-methods/:id',
    access: 'admin',
    tag: 'shipping',
    summary: 'Change a shipping method; orders keep what they were charged',
    params: idParams,
    body: shippingMethodInput,
    response: shippingMethod,
  }),
  deleteShippingMethod: endpoint({
    method: 'DELETE',
    path: '/api/shipping-methods/:id',
    access: 'admin',
    tag: 'shipping',
    summary: 'Stop offering a shipping method; orders keep their copies',
    params: idParams,
    response: deleted,
  }),
  // Tax rates by destination (admin).
  listTaxRates: endpoint({
    method: 'GET',
    path: '/api/tax-rates',
    access: 'admin',
    tag: 'tax',
    summary: 'Every tax rate, by country and region',
    response: taxRateList,
  }),
  addTaxRate: endpoint({
    method: 'POST',
    path: '/api/tax-rates',
    access: 'admin',
    tag: 'tax',
    summary: 'Add the tax rate of a country, or of one of its regions',
    body: taxRateInput,
    status: 201,
    response: taxRate,
    refusals: [409],
  }),
  updateTaxRate: endpoint({
    method: 'PUT',
    path: '/api/tax-rates/:id',
    access: 'admin',
    tag: 'tax',
    summary: 'Change a tax rate; orders keep the tax they were charged',
    params: idParams,
    body: taxRateInput,
    response: taxRate,
    refusals: [409],
  }),
  deleteTaxRate: endpoint({
    method: 'DELETE',
    path: '/api/tax-rates/:id',
    access: 'admin',
    tag: 'tax',
    summary: 'Remove a tax rate',
    params: idParams,
    response: deleted,
  }),
  // The seller's details on invoices.
  getShopSettings: endpoint({
    method: 'GET',
    path: '/api/settings/shop',
    access: 'admin',
    tag: 'settings',
    summary: "The shop's legal name, address, VAT ID and document prefixes",
    response: shopSettingsRecord,
  }),
  updateShopSettings: endpoint({
    method: 'PUT',
    path: '/api/settings/shop',
    access: 'admin',
    tag: 'settings',
    summary: "Change the shop's details; its address's country is the shop's own country",
    body: shopSettings,
    response: shopSettingsRecord,
  }),
  // The account's tax details: its company and VAT ID, and an admin's exemption.
  getMyTax: endpoint({
    method: 'GET',
    path: '/api/users/me/tax',
    access: 'user',
    tag: 'tax',
    summary: "The caller's company name, VAT ID and tax exemption",
    response: taxDetails,
  }),
  updateMyTax: endpoint({
    method: 'PUT',
    path: '/api/users/me/tax',
    access: 'user',
    tag: 'tax',
    summary:
      "Set the caller's company name and VAT ID (checked offline; the shop's own is refused); a changed VAT ID is unverified until an admin or VIES confirms it",
    body: taxDetailsInput,
    response: taxDetails,
  }),
  getUserTax: endpoint({
    method: 'GET',
    path: '/api/users/:id/tax',
    access: 'admin',
    tag: 'tax',
    summary: "A user's company name, VAT ID and tax exemption",
    params: idParams,
    response: taxDetails,
  }),
  setTaxExempt: endpoint({
    method: 'PUT',
    path: '/api/users/:id/tax-exempt',
    access: 'admin',
    tag: 'tax',
    summary: 'Mark an account tax-exempt, naming its certificate, or not (audited)',
    params: idParams,
    body: taxExemptInput,
    response: taxDetails,
  }),
  setVatVerified: endpoint({
    method: 'PUT',
    path: '/api/users/:id/vat-verified',
    access: 'admin',
    tag: 'tax',
    summary:
      "Say whether an account's VAT ID is confirmed registered: only a verified one zero-rates EU orders (audited)",
    params: idParams,
    body: vatVerifiedInput,
    response: taxDetails,
    // 409: the account has no valid VAT ID to verify.
    refusals: [409],
  }),
} as const;
