/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type MarginGuardrailTagsAddMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  tags: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
}>;


export type MarginGuardrailTagsAddMutation = { tagsAdd?: AdminTypes.Maybe<{ node?: AdminTypes.Maybe<Pick<AdminTypes.AbandonedCheckout, 'id'> | Pick<AdminTypes.AbandonedCheckoutLineItem, 'id'> | Pick<AdminTypes.Abandonment, 'id'> | Pick<AdminTypes.AddAllProductsOperation, 'id'> | Pick<AdminTypes.AdditionalFee, 'id'> | Pick<AdminTypes.AnalyticsAnnotation, 'id'> | Pick<AdminTypes.AnalyticsTarget, 'id'> | Pick<AdminTypes.App, 'id'> | Pick<AdminTypes.AppCatalog, 'id'> | Pick<AdminTypes.AppCredit, 'id'> | Pick<AdminTypes.AppInstallation, 'id'> | Pick<AdminTypes.AppPurchaseOneTime, 'id'> | Pick<AdminTypes.AppRevenueAttributionRecord, 'id'> | Pick<AdminTypes.AppSubscription, 'id'> | Pick<AdminTypes.AppUsageRecord, 'id'> | Pick<AdminTypes.Article, 'id'> | Pick<AdminTypes.BasicEvent, 'id'> | Pick<AdminTypes.Blog, 'id'> | Pick<AdminTypes.BulkOperation, 'id'> | Pick<AdminTypes.BusinessEntity, 'id'> | Pick<AdminTypes.CalculatedOrder, 'id'> | Pick<AdminTypes.CartTransform, 'id'> | Pick<AdminTypes.CashDrawer, 'id'> | Pick<AdminTypes.CashManagementCustomReasonCode, 'id'> | Pick<AdminTypes.CashManagementDefaultReasonCode, 'id'> | Pick<AdminTypes.CashManagementSystemReasonCode, 'id'> | Pick<AdminTypes.CashTrackingAdjustment, 'id'> | Pick<AdminTypes.CashTrackingSession, 'id'> | Pick<AdminTypes.CatalogCsvOperation, 'id'> | Pick<AdminTypes.Channel, 'id'> | Pick<AdminTypes.ChannelDefinition, 'id'> | Pick<AdminTypes.ChannelInformation, 'id'> | Pick<AdminTypes.CheckoutAndAccountsConfiguration, 'id'> | Pick<AdminTypes.CheckoutAndAccountsConfigurationOverride, 'id'> | Pick<AdminTypes.CheckoutProfile, 'id'> | Pick<AdminTypes.Collection, 'id'> | Pick<AdminTypes.CollectionConditionsSource, 'id'> | Pick<AdminTypes.CollectionSubCollectionsSource, 'id'> | Pick<AdminTypes.Comment, 'id'> | Pick<AdminTypes.CommentEvent, 'id'> | Pick<AdminTypes.Company, 'id'> | Pick<AdminTypes.CompanyAddress, 'id'> | Pick<AdminTypes.CompanyContact, 'id'> | Pick<AdminTypes.CompanyContactRole, 'id'> | Pick<AdminTypes.CompanyContactRoleAssignment, 'id'> | Pick<AdminTypes.CompanyLocation, 'id'> | Pick<AdminTypes.CompanyLocationCatalog, 'id'> | Pick<AdminTypes.CompanyLocationStaffMemberAssignment, 'id'> | Pick<AdminTypes.ConsentPolicy, 'id'> | Pick<AdminTypes.CurrencyExchangeAdjustment, 'id'> | Pick<AdminTypes.Customer, 'id'> | Pick<AdminTypes.CustomerAccountAppExtensionPage, 'id'> | Pick<AdminTypes.CustomerAccountNativePage, 'id'> | Pick<AdminTypes.CustomerPaymentMethod, 'id'> | Pick<AdminTypes.CustomerSegmentMembersQuery, 'id'> | Pick<AdminTypes.CustomerVisit, 'id'> | Pick<AdminTypes.DeliveryCarrierService, 'id'> | Pick<AdminTypes.DeliveryCondition, 'id'> | Pick<AdminTypes.DeliveryCountry, 'id'> | Pick<AdminTypes.DeliveryCustomization, 'id'> | Pick<AdminTypes.DeliveryLocationGroup, 'id'> | Pick<AdminTypes.DeliveryMethod, 'id'> | Pick<AdminTypes.DeliveryMethodDefinition, 'id'> | Pick<AdminTypes.DeliveryParticipant, 'id'> | Pick<AdminTypes.DeliveryProfile, 'id'> | Pick<AdminTypes.DeliveryProfileItem, 'id'> | Pick<AdminTypes.DeliveryPromiseParticipant, 'id'> | Pick<AdminTypes.DeliveryPromiseProvider, 'id'> | Pick<AdminTypes.DeliveryProvince, 'id'> | Pick<AdminTypes.DeliveryRateDefinition, 'id'> | Pick<AdminTypes.DeliveryZone, 'id'> | Pick<AdminTypes.DiscountAutomaticBxgy, 'id'> | Pick<AdminTypes.DiscountAutomaticNode, 'id'> | Pick<AdminTypes.DiscountCodeNode, 'id'> | Pick<AdminTypes.DiscountNode, 'id'> | Pick<AdminTypes.DiscountRedeemCodeBulkCreation, 'id'> | Pick<AdminTypes.Domain, 'id'> | Pick<AdminTypes.DraftOrder, 'id'> | Pick<AdminTypes.DraftOrderLineItem, 'id'> | Pick<AdminTypes.DraftOrderTag, 'id'> | Pick<AdminTypes.Duty, 'id'> | Pick<AdminTypes.ExchangeLineItem, 'id'> | Pick<AdminTypes.ExternalVideo, 'id'> | Pick<AdminTypes.Fulfillment, 'id'> | Pick<AdminTypes.FulfillmentConstraintRule, 'id'> | Pick<AdminTypes.FulfillmentEvent, 'id'> | Pick<AdminTypes.FulfillmentHold, 'id'> | Pick<AdminTypes.FulfillmentLineItem, 'id'> | Pick<AdminTypes.FulfillmentOrder, 'id'> | Pick<AdminTypes.FulfillmentOrderDestination, 'id'> | Pick<AdminTypes.FulfillmentOrderLineItem, 'id'> | Pick<AdminTypes.FulfillmentOrderMerchantRequest, 'id'> | Pick<AdminTypes.GenericFile, 'id'> | Pick<AdminTypes.GiftCard, 'id'> | Pick<AdminTypes.GiftCardCashOutTransaction, 'id'> | Pick<AdminTypes.GiftCardCreditTransaction, 'id'> | Pick<AdminTypes.GiftCardDebitTransaction, 'id'> | Pick<AdminTypes.IdentityProviderSubject, 'id'> | Pick<AdminTypes.InventoryAdjustmentGroup, 'id'> | Pick<AdminTypes.InventoryItem, 'id'> | Pick<AdminTypes.InventoryItemMeasurement, 'id'> | Pick<AdminTypes.InventoryLevel, 'id'> | Pick<AdminTypes.InventoryQuantity, 'id'> | Pick<AdminTypes.InventoryShipment, 'id'> | Pick<AdminTypes.InventoryShipmentLineItem, 'id'> | Pick<AdminTypes.InventoryTransfer, 'id'> | Pick<AdminTypes.InventoryTransferLineItem, 'id'> | Pick<AdminTypes.LineItem, 'id'> | Pick<AdminTypes.LineItemGroup, 'id'> | Pick<AdminTypes.Location, 'id'> | Pick<AdminTypes.MailingAddress, 'id'> | Pick<AdminTypes.Market, 'id'> | Pick<AdminTypes.MarketCatalog, 'id'> | Pick<AdminTypes.MarketRegionCountry, 'id'> | Pick<AdminTypes.MarketRegionSubdivision, 'id'> | Pick<AdminTypes.MarketWebPresence, 'id'> | Pick<AdminTypes.MarketingActivity, 'id'> | Pick<AdminTypes.MarketingEvent, 'id'> | Pick<AdminTypes.MediaImage, 'id'> | Pick<AdminTypes.Menu, 'id'> | Pick<AdminTypes.Metafield, 'id'> | Pick<AdminTypes.MetafieldDefinition, 'id'> | Pick<AdminTypes.Metaobject, 'id'> | Pick<AdminTypes.MetaobjectDefinition, 'id'> | Pick<AdminTypes.Model3d, 'id'> | Pick<AdminTypes.OnlineStoreTheme, 'id'> | Pick<AdminTypes.Order, 'id'> | Pick<AdminTypes.OrderAdjustment, 'id'> | Pick<AdminTypes.OrderAttributionDefinition, 'id'> | Pick<AdminTypes.OrderCancelJobResult, 'id'> | Pick<AdminTypes.OrderCreateMandatePaymentJobResult, 'id'> | Pick<AdminTypes.OrderDisputeSummary, 'id'> | Pick<AdminTypes.OrderEditSession, 'id'> | Pick<AdminTypes.OrderTransaction, 'id'> | Pick<AdminTypes.Page, 'id'> | Pick<AdminTypes.PaymentCustomization, 'id'> | Pick<AdminTypes.PaymentMandate, 'id'> | Pick<AdminTypes.PaymentSchedule, 'id'> | Pick<AdminTypes.PaymentTerms, 'id'> | Pick<AdminTypes.PaymentTermsTemplate, 'id'> | Pick<AdminTypes.PointOfSaleDevice, 'id'> | Pick<AdminTypes.PointOfSaleDevicePaymentSession, 'id'> | Pick<AdminTypes.PriceList, 'id'> | Pick<AdminTypes.Product, 'id'> | Pick<AdminTypes.ProductBundleOperation, 'id'> | Pick<AdminTypes.ProductDeleteOperation, 'id'> | Pick<AdminTypes.ProductDuplicateOperation, 'id'> | Pick<AdminTypes.ProductFeed, 'id'> | Pick<AdminTypes.ProductOption, 'id'> | Pick<AdminTypes.ProductOptionValue, 'id'> | Pick<AdminTypes.ProductSetOperation, 'id'> | Pick<AdminTypes.ProductTaxonomyNode, 'id'> | Pick<AdminTypes.ProductVariant, 'id'> | Pick<AdminTypes.ProductVariantComponent, 'id'> | Pick<AdminTypes.Publication, 'id'> | Pick<AdminTypes.PublicationResourceOperation, 'id'> | Pick<AdminTypes.QuantityPriceBreak, 'id'> | Pick<AdminTypes.Refund, 'id'> | Pick<AdminTypes.RefundShippingLine, 'id'> | Pick<AdminTypes.Return, 'id'> | Pick<AdminTypes.ReturnLineItem, 'id'> | Pick<AdminTypes.ReturnReasonDefinition, 'id'> | Pick<AdminTypes.ReturnableFulfillment, 'id'> | Pick<AdminTypes.ReverseDelivery, 'id'> | Pick<AdminTypes.ReverseDeliveryLineItem, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrder, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrderDisposition, 'id'> | Pick<AdminTypes.ReverseFulfillmentOrderLineItem, 'id'> | Pick<AdminTypes.Rollout, 'id'> | Pick<AdminTypes.RolloutTreatment, 'id'> | Pick<AdminTypes.SaleAdditionalFee, 'id'> | Pick<AdminTypes.SavedSearch, 'id'> | Pick<AdminTypes.ScriptTag, 'id'> | Pick<AdminTypes.Segment, 'id'> | Pick<AdminTypes.SellingPlan, 'id'> | Pick<AdminTypes.SellingPlanGroup, 'id'> | Pick<AdminTypes.ServerPixel, 'id'> | Pick<AdminTypes.ShippingLabel, 'id'> | Pick<AdminTypes.ShippingLabelPurchaseResult, 'id'> | Pick<AdminTypes.Shop, 'id'> | Pick<AdminTypes.ShopAddress, 'id'> | Pick<AdminTypes.ShopPolicy, 'id'> | Pick<AdminTypes.ShopifyPaymentsAccount, 'id'> | Pick<AdminTypes.ShopifyPaymentsBalanceTransaction, 'id'> | Pick<AdminTypes.ShopifyPaymentsBankAccount, 'id'> | Pick<AdminTypes.ShopifyPaymentsDispute, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeEvidence, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeFileUpload, 'id'> | Pick<AdminTypes.ShopifyPaymentsDisputeFulfillment, 'id'> | Pick<AdminTypes.ShopifyPaymentsPayout, 'id'> | Pick<AdminTypes.StaffMember, 'id'> | Pick<AdminTypes.StandardMetafieldDefinitionTemplate, 'id'> | Pick<AdminTypes.StoreCreditAccount, 'id'> | Pick<AdminTypes.StoreCreditAccountCreditTransaction, 'id'> | Pick<AdminTypes.StoreCreditAccountDebitRevertTransaction, 'id'> | Pick<AdminTypes.StoreCreditAccountDebitTransaction, 'id'> | Pick<AdminTypes.StorefrontAccessToken, 'id'> | Pick<AdminTypes.SubscriptionBillingAttempt, 'id'> | Pick<AdminTypes.SubscriptionContract, 'id'> | Pick<AdminTypes.SubscriptionDraft, 'id'> | Pick<AdminTypes.TaxonomyAttribute, 'id'> | Pick<AdminTypes.TaxonomyCategory, 'id'> | Pick<AdminTypes.TaxonomyChoiceListAttribute, 'id'> | Pick<AdminTypes.TaxonomyMeasurementAttribute, 'id'> | Pick<AdminTypes.TaxonomyValue, 'id'> | Pick<AdminTypes.TenderTransaction, 'id'> | Pick<AdminTypes.TransactionFee, 'id'> | Pick<AdminTypes.UnverifiedReturnLineItem, 'id'> | Pick<AdminTypes.UrlRedirect, 'id'> | Pick<AdminTypes.UrlRedirectImport, 'id'> | Pick<AdminTypes.Validation, 'id'> | Pick<AdminTypes.Video, 'id'> | Pick<AdminTypes.WebPixel, 'id'> | Pick<AdminTypes.WebhookSubscription, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type MarginGuardrailFulfillmentOrdersQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailFulfillmentOrdersQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id'>
    & { fulfillmentOrders: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
        & { fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'handle' | 'heldByRequestingApp'>> }
      )> } }
  )> };

export type MarginGuardrailHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  fulfillmentHold: AdminTypes.FulfillmentOrderHoldInput;
}>;


export type MarginGuardrailHoldMutation = { fulfillmentOrderHold?: AdminTypes.Maybe<{ fulfillmentHold?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentHold, 'id' | 'handle'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderHoldUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailReleaseHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  holdIds?: AdminTypes.InputMaybe<Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input']>;
}>;


export type MarginGuardrailReleaseHoldMutation = { fulfillmentOrderReleaseHold?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderReleaseHoldUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailFlowTriggerMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.Scalars['String']['input'];
  payload: AdminTypes.Scalars['JSON']['input'];
}>;


export type MarginGuardrailFlowTriggerMutation = { flowTriggerReceive?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type BacktestOrdersQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  query: AdminTypes.Scalars['String']['input'];
  lines: AdminTypes.Scalars['Int']['input'];
}>;


export type BacktestOrdersQuery = { orders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'createdAt' | 'currencyCode' | 'tags' | 'note' | 'discountCodes'>
      & { totalDiscountsSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }>, discountApplications: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage'>, nodes: Array<(
          { __typename: 'AutomaticDiscountApplication' }
          & Pick<AdminTypes.AutomaticDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'DiscountCodeApplication' }
          & Pick<AdminTypes.DiscountCodeApplication, 'code' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'ManualDiscountApplication' }
          & Pick<AdminTypes.ManualDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'ScriptDiscountApplication' }
          & Pick<AdminTypes.ScriptDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.LineItem, 'id' | 'quantity'>
          & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }
        )> }, shippingLines: { nodes: Array<{ originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }> } }
    )> } };

export type BacktestOrderRestQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type BacktestOrderRestQuery = { order?: AdminTypes.Maybe<{ discountApplications: { nodes: Array<(
        { __typename: 'AutomaticDiscountApplication' }
        & Pick<AdminTypes.AutomaticDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'DiscountCodeApplication' }
        & Pick<AdminTypes.DiscountCodeApplication, 'code' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'ManualDiscountApplication' }
        & Pick<AdminTypes.ManualDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'ScriptDiscountApplication' }
        & Pick<AdminTypes.ScriptDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id' | 'quantity'>
        & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }
      )> } }> };

export type BacktestOrdersCountQueryVariables = AdminTypes.Exact<{
  query: AdminTypes.Scalars['String']['input'];
}>;


export type BacktestOrdersCountQuery = { ordersCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> };

export type MarginGuardrailSubscriptionsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type MarginGuardrailSubscriptionsQuery = { currentAppInstallation: { activeSubscriptions: Array<Pick<AdminTypes.AppSubscription, 'id' | 'name' | 'status' | 'test' | 'createdAt' | 'trialDays' | 'currentPeriodEnd'>> } };

export type MarginGuardrailSubscribeMutationVariables = AdminTypes.Exact<{
  name: AdminTypes.Scalars['String']['input'];
  lineItems: Array<AdminTypes.AppSubscriptionLineItemInput> | AdminTypes.AppSubscriptionLineItemInput;
  returnUrl: AdminTypes.Scalars['URL']['input'];
  test?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type MarginGuardrailSubscribeMutation = { appSubscriptionCreate?: AdminTypes.Maybe<(
    Pick<AdminTypes.AppSubscriptionCreatePayload, 'confirmationUrl'>
    & { appSubscription?: AdminTypes.Maybe<Pick<AdminTypes.AppSubscription, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }
  )> };

export type MarginGuardrailCancelMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  prorate?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type MarginGuardrailCancelMutation = { appSubscriptionCancel?: AdminTypes.Maybe<{ appSubscription?: AdminTypes.Maybe<Pick<AdminTypes.AppSubscription, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type MarginGuardrailChargeQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailChargeQuery = { node?: AdminTypes.Maybe<Pick<AdminTypes.AppSubscription, 'id' | 'status'>> };

export type MarginGuardrailValidationCreateMutationVariables = AdminTypes.Exact<{
  validation: AdminTypes.ValidationCreateInput;
}>;


export type MarginGuardrailValidationCreateMutation = { validationCreate?: AdminTypes.Maybe<{ validation?: AdminTypes.Maybe<Pick<AdminTypes.Validation, 'id' | 'enabled'>>, userErrors: Array<Pick<AdminTypes.ValidationUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailValidationUpdateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  validation: AdminTypes.ValidationUpdateInput;
}>;


export type MarginGuardrailValidationUpdateMutation = { validationUpdate?: AdminTypes.Maybe<{ validation?: AdminTypes.Maybe<Pick<AdminTypes.Validation, 'id' | 'enabled'>>, userErrors: Array<Pick<AdminTypes.ValidationUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailConfigSetMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type MarginGuardrailConfigSetMutation = { metafieldsSet?: AdminTypes.Maybe<{ metafields?: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailValidationQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailValidationQuery = { validation?: AdminTypes.Maybe<Pick<AdminTypes.Validation, 'id' | 'enabled'>> };

export type MarginGuardrailCodeRulesDiscountMutationVariables = AdminTypes.Exact<{
  automaticAppDiscount: AdminTypes.DiscountAutomaticAppInput;
}>;


export type MarginGuardrailCodeRulesDiscountMutation = { discountAutomaticAppCreate?: AdminTypes.Maybe<{ automaticAppDiscount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountAutomaticApp, 'discountId'>>, userErrors: Array<Pick<AdminTypes.DiscountUserError, 'field' | 'message'>> }> };

export type MarginGuardrailCodeRulesSetMutationVariables = AdminTypes.Exact<{
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type MarginGuardrailCodeRulesSetMutation = { metafieldsSet?: AdminTypes.Maybe<{ metafields?: AdminTypes.Maybe<Array<Pick<AdminTypes.Metafield, 'id'>>>, userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailCodeRulesOnMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeRulesOnMutation = { discountAutomaticActivate?: AdminTypes.Maybe<{ automaticDiscountNode?: AdminTypes.Maybe<Pick<AdminTypes.DiscountAutomaticNode, 'id'>>, userErrors: Array<Pick<AdminTypes.DiscountUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailCodeRulesOffMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeRulesOffMutation = { discountAutomaticDeactivate?: AdminTypes.Maybe<{ automaticDiscountNode?: AdminTypes.Maybe<Pick<AdminTypes.DiscountAutomaticNode, 'id'>>, userErrors: Array<Pick<AdminTypes.DiscountUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailAppFunctionsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type MarginGuardrailAppFunctionsQuery = { shopifyFunctions: { nodes: Array<Pick<AdminTypes.ShopifyFunction, 'id' | 'handle' | 'apiType'>> } };

export type MarginGuardrailCodeRulesDiscountStateQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeRulesDiscountStateQuery = { automaticDiscountNode?: AdminTypes.Maybe<(
    Pick<AdminTypes.DiscountAutomaticNode, 'id'>
    & { automaticDiscount: (
      { __typename: 'DiscountAutomaticApp' }
      & Pick<AdminTypes.DiscountAutomaticApp, 'title' | 'status' | 'startsAt'>
      & { appDiscountType: Pick<AdminTypes.AppDiscountType, 'functionId'> }
    ) | { __typename: 'DiscountAutomaticBasic' | 'DiscountAutomaticBxgy' | 'DiscountAutomaticFreeShipping' } }
  )> };

export type MarginGuardrailCodeDiscountValueQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  codes: AdminTypes.Scalars['Int']['input'];
  rollouts: AdminTypes.Scalars['Boolean']['input'];
}>;


export type MarginGuardrailCodeDiscountValueQuery = { codeDiscountNode?: AdminTypes.Maybe<(
    Pick<AdminTypes.DiscountCodeNode, 'id'>
    & { codeDiscount: (
      { __typename: 'DiscountCodeApp' }
      & Pick<AdminTypes.DiscountCodeApp, 'status' | 'usageLimit'>
      & { rollouts: { nodes: Array<(
          Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
          & { treatments: Array<(
            Pick<AdminTypes.RolloutTreatment, 'split'>
            & { changes: { nodes: Array<(
                { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
              )> } }
          )> }
        )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
    ) | (
      { __typename: 'DiscountCodeBasic' }
      & Pick<AdminTypes.DiscountCodeBasic, 'status' | 'usageLimit'>
      & { rollouts: { nodes: Array<(
          Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
          & { treatments: Array<(
            Pick<AdminTypes.RolloutTreatment, 'split'>
            & { changes: { nodes: Array<(
                { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
              )> } }
          )> }
        )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, customerGets: { value: (
          { __typename: 'DiscountAmount' }
          & Pick<AdminTypes.DiscountAmount, 'appliesOnEachItem'>
          & { amount: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }
        ) | { __typename: 'DiscountOnQuantity' } | (
          { __typename: 'DiscountPercentage' }
          & Pick<AdminTypes.DiscountPercentage, 'percentage'>
        ), items: { __typename: 'AllDiscountItems' | 'DiscountCollections' | 'DiscountProducts' } }, minimumRequirement?: AdminTypes.Maybe<(
        { __typename: 'DiscountMinimumQuantity' }
        & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
      ) | (
        { __typename: 'DiscountMinimumSubtotal' }
        & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }
      )> }
    ) | (
      { __typename: 'DiscountCodeBxgy' }
      & Pick<AdminTypes.DiscountCodeBxgy, 'status' | 'usageLimit'>
      & { rollouts: { nodes: Array<(
          Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
          & { treatments: Array<(
            Pick<AdminTypes.RolloutTreatment, 'split'>
            & { changes: { nodes: Array<(
                { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
              )> } }
          )> }
        )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
    ) | (
      { __typename: 'DiscountCodeFreeShipping' }
      & Pick<AdminTypes.DiscountCodeFreeShipping, 'status' | 'usageLimit'>
      & { rollouts: { nodes: Array<(
          Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
          & { treatments: Array<(
            Pick<AdminTypes.RolloutTreatment, 'split'>
            & { changes: { nodes: Array<(
                { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
              )> } }
          )> }
        )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
    ) }
  )> };

export type MarginGuardrailCodeDiscountValuesQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  codes: AdminTypes.Scalars['Int']['input'];
  rollouts: AdminTypes.Scalars['Boolean']['input'];
}>;


export type MarginGuardrailCodeDiscountValuesQuery = { codeDiscountNodes: { nodes: Array<(
      Pick<AdminTypes.DiscountCodeNode, 'id'>
      & { codeDiscount: (
        { __typename: 'DiscountCodeApp' }
        & Pick<AdminTypes.DiscountCodeApp, 'status' | 'usageLimit'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
      ) | (
        { __typename: 'DiscountCodeBasic' }
        & Pick<AdminTypes.DiscountCodeBasic, 'status' | 'usageLimit'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, customerGets: { value: (
            { __typename: 'DiscountAmount' }
            & Pick<AdminTypes.DiscountAmount, 'appliesOnEachItem'>
            & { amount: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }
          ) | { __typename: 'DiscountOnQuantity' } | (
            { __typename: 'DiscountPercentage' }
            & Pick<AdminTypes.DiscountPercentage, 'percentage'>
          ), items: { __typename: 'AllDiscountItems' | 'DiscountCollections' | 'DiscountProducts' } }, minimumRequirement?: AdminTypes.Maybe<(
          { __typename: 'DiscountMinimumQuantity' }
          & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
        ) | (
          { __typename: 'DiscountMinimumSubtotal' }
          & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'> }
        )> }
      ) | (
        { __typename: 'DiscountCodeBxgy' }
        & Pick<AdminTypes.DiscountCodeBxgy, 'status' | 'usageLimit'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
      ) | (
        { __typename: 'DiscountCodeFreeShipping' }
        & Pick<AdminTypes.DiscountCodeFreeShipping, 'status' | 'usageLimit'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
      ) }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type MarginGuardrailCodeDiscountCodesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type MarginGuardrailCodeDiscountCodesQuery = { codeDiscountNode?: AdminTypes.Maybe<(
    Pick<AdminTypes.DiscountCodeNode, 'id'>
    & { codeDiscount: (
      { __typename: 'DiscountCodeApp' | 'DiscountCodeBasic' | 'DiscountCodeBxgy' | 'DiscountCodeFreeShipping' }
      & { codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
    ) }
  )> };

export type MarginGuardrailCodeRulesResourcesQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeRulesResourcesQuery = { nodes: Array<AdminTypes.Maybe<{ __typename: 'AbandonedCheckout' | 'AbandonedCheckoutLineItem' | 'Abandonment' | 'AddAllProductsOperation' | 'AdditionalFee' | 'AnalyticsAnnotation' | 'AnalyticsTarget' | 'App' | 'AppCatalog' | 'AppCredit' | 'AppInstallation' | 'AppPurchaseOneTime' | 'AppRevenueAttributionRecord' | 'AppSubscription' | 'AppUsageRecord' | 'Article' | 'BasicEvent' | 'Blog' | 'BulkOperation' | 'BusinessEntity' } | { __typename: 'CalculatedOrder' | 'CartTransform' | 'CashDrawer' | 'CashManagementCustomReasonCode' | 'CashManagementDefaultReasonCode' | 'CashManagementSystemReasonCode' | 'CashTrackingAdjustment' | 'CashTrackingSession' | 'CatalogCsvOperation' | 'Channel' | 'ChannelDefinition' | 'ChannelInformation' | 'CheckoutAndAccountsConfiguration' | 'CheckoutAndAccountsConfigurationOverride' | 'CheckoutProfile' | 'CollectionConditionsSource' | 'CollectionSubCollectionsSource' | 'Comment' | 'CommentEvent' | 'Company' } | { __typename: 'CompanyAddress' | 'CompanyContact' | 'CompanyContactRole' | 'CompanyContactRoleAssignment' | 'CompanyLocation' | 'CompanyLocationCatalog' | 'CompanyLocationStaffMemberAssignment' | 'ConsentPolicy' | 'CurrencyExchangeAdjustment' | 'Customer' | 'CustomerAccountAppExtensionPage' | 'CustomerAccountNativePage' | 'CustomerPaymentMethod' | 'CustomerSegmentMembersQuery' | 'CustomerVisit' | 'DeliveryCarrierService' | 'DeliveryCondition' | 'DeliveryCountry' | 'DeliveryCustomization' | 'DeliveryLocationGroup' } | { __typename: 'DeliveryMethod' | 'DeliveryMethodDefinition' | 'DeliveryParticipant' | 'DeliveryProfile' | 'DeliveryProfileItem' | 'DeliveryPromiseParticipant' | 'DeliveryPromiseProvider' | 'DeliveryProvince' | 'DeliveryRateDefinition' | 'DeliveryZone' | 'DiscountAutomaticBxgy' | 'DiscountAutomaticNode' | 'DiscountCodeNode' | 'DiscountNode' | 'DiscountRedeemCodeBulkCreation' | 'Domain' | 'DraftOrder' | 'DraftOrderLineItem' | 'DraftOrderTag' | 'Duty' } | { __typename: 'ExchangeLineItem' | 'ExternalVideo' | 'Fulfillment' | 'FulfillmentConstraintRule' | 'FulfillmentEvent' | 'FulfillmentHold' | 'FulfillmentLineItem' | 'FulfillmentOrder' | 'FulfillmentOrderDestination' | 'FulfillmentOrderLineItem' | 'FulfillmentOrderMerchantRequest' | 'GenericFile' | 'GiftCard' | 'GiftCardCashOutTransaction' | 'GiftCardCreditTransaction' | 'GiftCardDebitTransaction' | 'IdentityProviderSubject' | 'InventoryAdjustmentGroup' | 'InventoryItem' | 'InventoryItemMeasurement' } | { __typename: 'InventoryLevel' | 'InventoryQuantity' | 'InventoryShipment' | 'InventoryShipmentLineItem' | 'InventoryTransfer' | 'InventoryTransferLineItem' | 'LineItem' | 'LineItemGroup' | 'Location' | 'MailingAddress' | 'Market' | 'MarketCatalog' | 'MarketRegionCountry' | 'MarketRegionSubdivision' | 'MarketWebPresence' | 'MarketingActivity' | 'MarketingEvent' | 'MediaImage' | 'Menu' | 'Metafield' } | { __typename: 'MetafieldDefinition' | 'Metaobject' | 'MetaobjectDefinition' | 'Model3d' | 'OnlineStoreTheme' | 'Order' | 'OrderAdjustment' | 'OrderAttributionDefinition' | 'OrderCancelJobResult' | 'OrderCreateMandatePaymentJobResult' | 'OrderDisputeSummary' | 'OrderEditSession' | 'OrderTransaction' | 'Page' | 'PaymentCustomization' | 'PaymentMandate' | 'PaymentSchedule' | 'PaymentTerms' | 'PaymentTermsTemplate' | 'PointOfSaleDevice' } | { __typename: 'PointOfSaleDevicePaymentSession' | 'PriceList' | 'ProductBundleOperation' | 'ProductDeleteOperation' | 'ProductDuplicateOperation' | 'ProductFeed' | 'ProductOption' | 'ProductOptionValue' | 'ProductSetOperation' | 'ProductTaxonomyNode' | 'ProductVariant' | 'ProductVariantComponent' | 'Publication' | 'PublicationResourceOperation' | 'QuantityPriceBreak' | 'Refund' | 'RefundShippingLine' | 'Return' | 'ReturnLineItem' | 'ReturnReasonDefinition' } | { __typename: 'ReturnableFulfillment' | 'ReverseDelivery' | 'ReverseDeliveryLineItem' | 'ReverseFulfillmentOrder' | 'ReverseFulfillmentOrderDisposition' | 'ReverseFulfillmentOrderLineItem' | 'Rollout' | 'RolloutTreatment' | 'SaleAdditionalFee' | 'SavedSearch' | 'ScriptTag' | 'Segment' | 'SellingPlan' | 'SellingPlanGroup' | 'ServerPixel' | 'ShippingLabel' | 'ShippingLabelPurchaseResult' | 'Shop' | 'ShopAddress' | 'ShopPolicy' } | { __typename: 'ShopifyPaymentsAccount' | 'ShopifyPaymentsBalanceTransaction' | 'ShopifyPaymentsBankAccount' | 'ShopifyPaymentsDispute' | 'ShopifyPaymentsDisputeEvidence' | 'ShopifyPaymentsDisputeFileUpload' | 'ShopifyPaymentsDisputeFulfillment' | 'ShopifyPaymentsPayout' | 'StaffMember' | 'StandardMetafieldDefinitionTemplate' | 'StoreCreditAccount' | 'StoreCreditAccountCreditTransaction' | 'StoreCreditAccountDebitRevertTransaction' | 'StoreCreditAccountDebitTransaction' | 'StorefrontAccessToken' | 'SubscriptionBillingAttempt' | 'SubscriptionContract' | 'SubscriptionDraft' | 'TaxonomyAttribute' | 'TaxonomyCategory' } | { __typename: 'TaxonomyChoiceListAttribute' | 'TaxonomyMeasurementAttribute' | 'TaxonomyValue' | 'TenderTransaction' | 'TransactionFee' | 'UnverifiedReturnLineItem' | 'UrlRedirect' | 'UrlRedirectImport' | 'Validation' | 'Video' | 'WebPixel' | 'WebhookSubscription' } | (
    { __typename: 'Collection' }
    & Pick<AdminTypes.Collection, 'id' | 'title'>
  ) | (
    { __typename: 'Product' }
    & Pick<AdminTypes.Product, 'id' | 'title'>
  )>> };

export type MarginGuardrailPickerResourcesQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
}>;


export type MarginGuardrailPickerResourcesQuery = { products: { nodes: Array<Pick<AdminTypes.Product, 'id' | 'title'>> }, collections: { nodes: Array<Pick<AdminTypes.Collection, 'id' | 'title'>> } };

export type MarginGuardrailAccessScopesQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type MarginGuardrailAccessScopesQuery = { currentAppInstallation: { accessScopes: Array<Pick<AdminTypes.AccessScope, 'handle'>> } };

export type MarginGuardrailCodeDiscountByCodeQueryVariables = AdminTypes.Exact<{
  code: AdminTypes.Scalars['String']['input'];
}>;


export type MarginGuardrailCodeDiscountByCodeQuery = { codeDiscountNodeByCode?: AdminTypes.Maybe<Pick<AdminTypes.DiscountCodeNode, 'id'>> };

export type MarginGuardrailCodeDeactivateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeDeactivateMutation = { discountCodeDeactivate?: AdminTypes.Maybe<{ codeDiscountNode?: AdminTypes.Maybe<Pick<AdminTypes.DiscountCodeNode, 'id'>>, userErrors: Array<Pick<AdminTypes.DiscountUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailCodeActivateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCodeActivateMutation = { discountCodeActivate?: AdminTypes.Maybe<{ codeDiscountNode?: AdminTypes.Maybe<Pick<AdminTypes.DiscountCodeNode, 'id'>>, userErrors: Array<Pick<AdminTypes.DiscountUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailMarkerCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.AnalyticsAnnotationCreateInput;
}>;


export type MarginGuardrailMarkerCreateMutation = { analyticsAnnotationCreate?: AdminTypes.Maybe<{ analyticsAnnotation?: AdminTypes.Maybe<Pick<AdminTypes.AnalyticsAnnotation, 'id'>>, userErrors: Array<Pick<AdminTypes.AnalyticsAnnotationCreateUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailMarkerUpdateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  input: AdminTypes.AnalyticsAnnotationUpdateInput;
}>;


export type MarginGuardrailMarkerUpdateMutation = { analyticsAnnotationUpdate?: AdminTypes.Maybe<{ analyticsAnnotation?: AdminTypes.Maybe<Pick<AdminTypes.AnalyticsAnnotation, 'id'>>, userErrors: Array<Pick<AdminTypes.AnalyticsAnnotationUpdateUserError, 'field' | 'message' | 'code'>> }> };

export type MarginGuardrailMarkerDeleteMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailMarkerDeleteMutation = { analyticsAnnotationDelete?: AdminTypes.Maybe<(
    Pick<AdminTypes.AnalyticsAnnotationDeletePayload, 'deletedId'>
    & { userErrors: Array<Pick<AdminTypes.AnalyticsAnnotationDeleteUserError, 'field' | 'message' | 'code'>> }
  )> };

export type EditedOrderQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type EditedOrderQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'createdAt' | 'currencyCode' | 'tags' | 'note' | 'discountCodes' | 'sourceName' | 'cancelledAt'>
    & { app?: AdminTypes.Maybe<Pick<AdminTypes.OrderApp, 'id'>>, totalDiscountsSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }>, currentTotalDiscountsSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplications: { nodes: Array<(
        { __typename: 'AutomaticDiscountApplication' }
        & Pick<AdminTypes.AutomaticDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'DiscountCodeApplication' }
        & Pick<AdminTypes.DiscountCodeApplication, 'code' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'ManualDiscountApplication' }
        & Pick<AdminTypes.ManualDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      ) | (
        { __typename: 'ScriptDiscountApplication' }
        & Pick<AdminTypes.ScriptDiscountApplication, 'title' | 'index' | 'targetType'>
        & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
      )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
        Pick<AdminTypes.LineItem, 'id' | 'title' | 'quantity' | 'currentQuantity'>
        & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }
      )> }, shippingLines: { nodes: Array<{ originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }> } }
  )> };

export type VariantFactsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
}>;


export type VariantFactsQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.ProductVariant, 'id'>
    & { inventoryItem: (
      Pick<AdminTypes.InventoryItem, 'id'>
      & { unitCost?: AdminTypes.Maybe<Pick<AdminTypes.MoneyV2, 'amount' | 'currencyCode'>> }
    ), product: (
      Pick<AdminTypes.Product, 'id'>
      & { collections: { nodes: Array<Pick<AdminTypes.Collection, 'id'>> } }
    ) }
  )>> };

export type MarginGuardrailPreflightDiscountsQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  rollouts: AdminTypes.Scalars['Boolean']['input'];
  query: AdminTypes.Scalars['String']['input'];
}>;


export type MarginGuardrailPreflightDiscountsQuery = { discountNodes: { nodes: Array<(
      Pick<AdminTypes.DiscountNode, 'id'>
      & { discount: (
        { __typename: 'DiscountAutomaticApp' }
        & Pick<AdminTypes.DiscountAutomaticApp, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'> }
      ) | (
        { __typename: 'DiscountAutomaticBasic' }
        & Pick<AdminTypes.DiscountAutomaticBasic, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts' | 'productDiscountsWithTagsOnSameCartLine'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, customerGets: { value: (
            { __typename: 'DiscountAmount' }
            & Pick<AdminTypes.DiscountAmount, 'appliesOnEachItem'>
            & { amount: Pick<AdminTypes.MoneyV2, 'amount'> }
          ) | { __typename: 'DiscountOnQuantity' } | (
            { __typename: 'DiscountPercentage' }
            & Pick<AdminTypes.DiscountPercentage, 'percentage'>
          ), items: { __typename: 'AllDiscountItems' } | (
            { __typename: 'DiscountCollections' }
            & { collections: { nodes: Array<Pick<AdminTypes.Collection, 'id'>> } }
          ) | (
            { __typename: 'DiscountProducts' }
            & { products: { nodes: Array<Pick<AdminTypes.Product, 'id'>> }, productVariants: { nodes: Array<Pick<AdminTypes.ProductVariant, 'id' | 'price' | 'compareAtPrice'>> } }
          ) }, minimumRequirement?: AdminTypes.Maybe<(
          { __typename: 'DiscountMinimumQuantity' }
          & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
        ) | (
          { __typename: 'DiscountMinimumSubtotal' }
          & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount'> }
        )> }
      ) | (
        { __typename: 'DiscountAutomaticBxgy' }
        & Pick<AdminTypes.DiscountAutomaticBxgy, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'> }
      ) | (
        { __typename: 'DiscountAutomaticFreeShipping' }
        & Pick<AdminTypes.DiscountAutomaticFreeShipping, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, maximumShippingPrice?: AdminTypes.Maybe<Pick<AdminTypes.MoneyV2, 'amount'>>, minimumRequirement?: AdminTypes.Maybe<(
          { __typename: 'DiscountMinimumQuantity' }
          & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
        ) | (
          { __typename: 'DiscountMinimumSubtotal' }
          & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount'> }
        )> }
      ) | (
        { __typename: 'DiscountCodeApp' }
        & Pick<AdminTypes.DiscountCodeApp, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses' | 'usageLimit' | 'appliesOncePerCustomer'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>> }, codesCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> }
      ) | (
        { __typename: 'DiscountCodeBasic' }
        & Pick<AdminTypes.DiscountCodeBasic, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses' | 'usageLimit' | 'appliesOncePerCustomer'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts' | 'productDiscountsWithTagsOnSameCartLine'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>> }, codesCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>>, customerGets: { value: (
            { __typename: 'DiscountAmount' }
            & Pick<AdminTypes.DiscountAmount, 'appliesOnEachItem'>
            & { amount: Pick<AdminTypes.MoneyV2, 'amount'> }
          ) | { __typename: 'DiscountOnQuantity' } | (
            { __typename: 'DiscountPercentage' }
            & Pick<AdminTypes.DiscountPercentage, 'percentage'>
          ), items: { __typename: 'AllDiscountItems' } | (
            { __typename: 'DiscountCollections' }
            & { collections: { nodes: Array<Pick<AdminTypes.Collection, 'id'>> } }
          ) | (
            { __typename: 'DiscountProducts' }
            & { products: { nodes: Array<Pick<AdminTypes.Product, 'id'>> }, productVariants: { nodes: Array<Pick<AdminTypes.ProductVariant, 'id' | 'price' | 'compareAtPrice'>> } }
          ) }, minimumRequirement?: AdminTypes.Maybe<(
          { __typename: 'DiscountMinimumQuantity' }
          & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
        ) | (
          { __typename: 'DiscountMinimumSubtotal' }
          & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount'> }
        )> }
      ) | (
        { __typename: 'DiscountCodeBxgy' }
        & Pick<AdminTypes.DiscountCodeBxgy, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'discountClasses' | 'usageLimit' | 'appliesOncePerCustomer'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>> }, codesCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> }
      ) | (
        { __typename: 'DiscountCodeFreeShipping' }
        & Pick<AdminTypes.DiscountCodeFreeShipping, 'title' | 'status' | 'startsAt' | 'endsAt' | 'tags' | 'usageLimit' | 'appliesOncePerCustomer'>
        & { rollouts: { nodes: Array<(
            Pick<AdminTypes.Rollout, 'name' | 'status' | 'effectiveTrafficAllocation'>
            & { treatments: Array<(
              Pick<AdminTypes.RolloutTreatment, 'split'>
              & { changes: { nodes: Array<(
                  { __typename: 'RolloutDiscountActivateChange' | 'RolloutDiscountExpireChange' }
                  & { discount?: AdminTypes.Maybe<Pick<AdminTypes.DiscountNode, 'id'>> }
                )> } }
            )> }
          )> }, combinesWith: Pick<AdminTypes.DiscountCombinesWith, 'productDiscounts' | 'orderDiscounts' | 'shippingDiscounts'>, context: { __typename: 'DiscountBuyerSelectionAll' | 'DiscountCustomerSegments' | 'DiscountCustomers' | 'DiscountMarkets' }, codes: { nodes: Array<Pick<AdminTypes.DiscountRedeemCode, 'code'>> }, codesCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>>, maximumShippingPrice?: AdminTypes.Maybe<Pick<AdminTypes.MoneyV2, 'amount'>>, minimumRequirement?: AdminTypes.Maybe<(
          { __typename: 'DiscountMinimumQuantity' }
          & Pick<AdminTypes.DiscountMinimumQuantity, 'greaterThanOrEqualToQuantity'>
        ) | (
          { __typename: 'DiscountMinimumSubtotal' }
          & { greaterThanOrEqualToSubtotal: Pick<AdminTypes.MoneyV2, 'amount'> }
        )> }
      ) }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type MarginGuardrailReconcileOrdersQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  query: AdminTypes.Scalars['String']['input'];
  lines: AdminTypes.Scalars['Int']['input'];
}>;


export type MarginGuardrailReconcileOrdersQuery = { orders: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'createdAt' | 'updatedAt' | 'cancelledAt' | 'currencyCode' | 'tags' | 'note' | 'discountCodes'>
      & { totalDiscountsSet?: AdminTypes.Maybe<{ shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }>, discountApplications: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage'>, nodes: Array<(
          { __typename: 'AutomaticDiscountApplication' }
          & Pick<AdminTypes.AutomaticDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'DiscountCodeApplication' }
          & Pick<AdminTypes.DiscountCodeApplication, 'code' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'ManualDiscountApplication' }
          & Pick<AdminTypes.ManualDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        ) | (
          { __typename: 'ScriptDiscountApplication' }
          & Pick<AdminTypes.ScriptDiscountApplication, 'title' | 'index' | 'targetType'>
          & { value: { __typename: 'MoneyV2' | 'PricingPercentageValue' } }
        )> }, lineItems: { pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
          Pick<AdminTypes.LineItem, 'id' | 'quantity'>
          & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'id'>>, product?: AdminTypes.Maybe<Pick<AdminTypes.Product, 'id'>>, originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }
        )> }, shippingLines: { nodes: Array<{ originalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountAllocations: Array<{ allocatedAmountSet: { shopMoney: Pick<AdminTypes.MoneyV2, 'amount'> }, discountApplication: Pick<AdminTypes.AutomaticDiscountApplication, 'index'> | Pick<AdminTypes.DiscountCodeApplication, 'index'> | Pick<AdminTypes.ManualDiscountApplication, 'index'> | Pick<AdminTypes.ScriptDiscountApplication, 'index'> }> }> } }
    )> } };

export type MarginGuardrailWebhookSubscriptionsQueryVariables = AdminTypes.Exact<{
  topics?: AdminTypes.InputMaybe<Array<AdminTypes.WebhookSubscriptionTopic> | AdminTypes.WebhookSubscriptionTopic>;
}>;


export type MarginGuardrailWebhookSubscriptionsQuery = { webhookSubscriptions: { nodes: Array<Pick<AdminTypes.WebhookSubscription, 'topic'>> } };

export type MarginGuardrailCollectionTitleQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type MarginGuardrailCollectionTitleQuery = { collection?: AdminTypes.Maybe<Pick<AdminTypes.Collection, 'id' | 'title'>> };

export type MarginGuardrailShopContactEmailQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type MarginGuardrailShopContactEmailQuery = { shop: Pick<AdminTypes.Shop, 'contactEmail'> };

interface GeneratedQueryTypes {
  "#graphql\n  query MarginGuardrailFulfillmentOrders($id: ID!) {\n    order(id: $id) {\n      id\n      fulfillmentOrders(first: 20) { nodes { id status fulfillmentHolds { id handle heldByRequestingApp } } }\n    }\n  }": {return: MarginGuardrailFulfillmentOrdersQuery, variables: MarginGuardrailFulfillmentOrdersQueryVariables},
  "#graphql\n  query BacktestOrders($first: Int!, $after: String, $query: String!, $lines: Int!) {\n    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {\n      pageInfo { hasNextPage endCursor }\n      nodes {\n        id legacyResourceId name createdAt currencyCode tags note discountCodes\n        totalDiscountsSet { shopMoney { amount } }\n        discountApplications(first: 10) {\n          pageInfo { hasNextPage }\n          nodes {\n            __typename index targetType value { __typename }\n            ... on DiscountCodeApplication { code }\n            ... on AutomaticDiscountApplication { title }\n            ... on ManualDiscountApplication { title }\n            ... on ScriptDiscountApplication { title }\n          }\n        }\n        lineItems(first: $lines) {\n          pageInfo { hasNextPage endCursor }\n          nodes {\n            id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }\n            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n          }\n        }\n        shippingLines(first: 2) {\n          nodes {\n            originalPriceSet { shopMoney { amount } }\n            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n          }\n        }\n      }\n    }\n  }": {return: BacktestOrdersQuery, variables: BacktestOrdersQueryVariables},
  "#graphql\n  query BacktestOrderRest($id: ID!, $after: String) {\n    order(id: $id) {\n      discountApplications(first: 50) {\n        nodes {\n          __typename index targetType value { __typename }\n          ... on DiscountCodeApplication { code }\n          ... on AutomaticDiscountApplication { title }\n          ... on ManualDiscountApplication { title }\n          ... on ScriptDiscountApplication { title }\n        }\n      }\n      lineItems(first: 50, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes {\n          id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }\n          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n        }\n      }\n    }\n  }": {return: BacktestOrderRestQuery, variables: BacktestOrderRestQueryVariables},
  "#graphql\n  query BacktestOrdersCount($query: String!) {\n    ordersCount(query: $query, limit: null) { count }\n  }": {return: BacktestOrdersCountQuery, variables: BacktestOrdersCountQueryVariables},
  "#graphql\n  query MarginGuardrailSubscriptions {\n    currentAppInstallation {\n      activeSubscriptions { id name status test createdAt trialDays currentPeriodEnd }\n    }\n  }": {return: MarginGuardrailSubscriptionsQuery, variables: MarginGuardrailSubscriptionsQueryVariables},
  "#graphql\n  query MarginGuardrailCharge($id: ID!) {\n    node(id: $id) { ... on AppSubscription { id status } }\n  }": {return: MarginGuardrailChargeQuery, variables: MarginGuardrailChargeQueryVariables},
  "#graphql\n  query MarginGuardrailValidation($id: ID!) {\n    validation(id: $id) { id enabled }\n  }": {return: MarginGuardrailValidationQuery, variables: MarginGuardrailValidationQueryVariables},
  "#graphql\n  query MarginGuardrailAppFunctions {\n    shopifyFunctions(first: 50) { nodes { id handle apiType } }\n  }": {return: MarginGuardrailAppFunctionsQuery, variables: MarginGuardrailAppFunctionsQueryVariables},
  "#graphql\n  query MarginGuardrailCodeRulesDiscountState($id: ID!) {\n    automaticDiscountNode(id: $id) {\n      id\n      automaticDiscount {\n        __typename\n        ... on DiscountAutomaticApp { title status startsAt appDiscountType { functionId } }\n      }\n    }\n  }": {return: MarginGuardrailCodeRulesDiscountStateQuery, variables: MarginGuardrailCodeRulesDiscountStateQueryVariables},
  "#graphql\n  query MarginGuardrailCodeDiscountValue($id: ID!, $codes: Int!, $rollouts: Boolean!) {\n    codeDiscountNode(id: $id) {\n      id\n      codeDiscount {\n        __typename\n        # every discount type has its rollouts (HasRollouts, Admin API 2026-10)\n        ... on HasRollouts @include(if: $rollouts) {\n          rollouts(first: 2, query: \"status:ACTIVE\") {\n            nodes {\n              name status effectiveTrafficAllocation\n              treatments {\n                split\n                changes(first: 10, query: \"type:RolloutDiscountActivateChange\") {\n                  nodes { __typename ... on RolloutDiscountChange { discount { id } } }\n                }\n              }\n            }\n          }\n        }\n        ... on DiscountCodeBasic {\n          status\n          usageLimit\n          codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n          customerGets {\n            value {\n              __typename\n              ... on DiscountPercentage { percentage }\n              ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem }\n            }\n            items { __typename }\n          }\n          minimumRequirement {\n            __typename\n            ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount currencyCode } }\n            ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n          }\n        }\n        ... on DiscountCodeFreeShipping {\n          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n        }\n        ... on DiscountCodeBxgy {\n          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n        }\n        ... on DiscountCodeApp {\n          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n        }\n      }\n    }\n  }": {return: MarginGuardrailCodeDiscountValueQuery, variables: MarginGuardrailCodeDiscountValueQueryVariables},
  "#graphql\n  query MarginGuardrailCodeDiscountValues($first: Int!, $after: String, $codes: Int!, $rollouts: Boolean!) {\n    codeDiscountNodes(first: $first, after: $after) {\n      nodes {\n        id\n        codeDiscount {\n          __typename\n          # every discount type has its rollouts (HasRollouts, Admin API 2026-10)\n          ... on HasRollouts @include(if: $rollouts) {\n            rollouts(first: 2, query: \"status:ACTIVE\") {\n              nodes {\n                name status effectiveTrafficAllocation\n                treatments {\n                  split\n                  changes(first: 10, query: \"type:RolloutDiscountActivateChange\") {\n                    nodes { __typename ... on RolloutDiscountChange { discount { id } } }\n                  }\n                }\n              }\n            }\n          }\n          ... on DiscountCodeBasic {\n            status\n            usageLimit\n            codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n            customerGets {\n              value {\n                __typename\n                ... on DiscountPercentage { percentage }\n                ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem }\n              }\n              items { __typename }\n            }\n            minimumRequirement {\n              __typename\n              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount currencyCode } }\n              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n            }\n          }\n          ... on DiscountCodeFreeShipping {\n            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n          }\n          ... on DiscountCodeBxgy {\n            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n          }\n          ... on DiscountCodeApp {\n            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }\n          }\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }": {return: MarginGuardrailCodeDiscountValuesQuery, variables: MarginGuardrailCodeDiscountValuesQueryVariables},
  "#graphql\n  query MarginGuardrailCodeDiscountCodes($id: ID!, $first: Int!, $after: String) {\n    codeDiscountNode(id: $id) {\n      id\n      codeDiscount {\n        __typename\n        ... on DiscountCodeBasic { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }\n        ... on DiscountCodeFreeShipping { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }\n        ... on DiscountCodeBxgy { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }\n        ... on DiscountCodeApp { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }\n      }\n    }\n  }": {return: MarginGuardrailCodeDiscountCodesQuery, variables: MarginGuardrailCodeDiscountCodesQueryVariables},
  "#graphql\n  query MarginGuardrailCodeRulesResources($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      __typename\n      ... on Product { id title }\n      ... on Collection { id title }\n    }\n  }": {return: MarginGuardrailCodeRulesResourcesQuery, variables: MarginGuardrailCodeRulesResourcesQueryVariables},
  "#graphql\n  query MarginGuardrailPickerResources($first: Int!) {\n    products(first: $first, sortKey: TITLE) { nodes { id title } }\n    collections(first: $first, sortKey: TITLE) { nodes { id title } }\n  }": {return: MarginGuardrailPickerResourcesQuery, variables: MarginGuardrailPickerResourcesQueryVariables},
  "#graphql\n  query MarginGuardrailAccessScopes {\n    currentAppInstallation { accessScopes { handle } }\n  }": {return: MarginGuardrailAccessScopesQuery, variables: MarginGuardrailAccessScopesQueryVariables},
  "#graphql\n  query MarginGuardrailCodeDiscountByCode($code: String!) {\n    codeDiscountNodeByCode(code: $code) { id }\n  }": {return: MarginGuardrailCodeDiscountByCodeQuery, variables: MarginGuardrailCodeDiscountByCodeQueryVariables},
  "#graphql\n  query EditedOrder($id: ID!, $after: String) {\n    order(id: $id) {\n      id legacyResourceId name createdAt currencyCode tags note discountCodes sourceName cancelledAt\n      app { id }\n      totalDiscountsSet { shopMoney { amount } }\n      currentTotalDiscountsSet { shopMoney { amount } }\n      discountApplications(first: 50) {\n        nodes {\n          __typename index targetType value { __typename }\n          ... on DiscountCodeApplication { code }\n          ... on AutomaticDiscountApplication { title }\n          ... on ManualDiscountApplication { title }\n          ... on ScriptDiscountApplication { title }\n        }\n      }\n      lineItems(first: 50, after: $after) {\n        pageInfo { hasNextPage endCursor }\n        nodes {\n          id title quantity currentQuantity variant { id } product { id }\n          originalUnitPriceSet { shopMoney { amount } }\n          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n        }\n      }\n      shippingLines(first: 5) {\n        nodes {\n          originalPriceSet { shopMoney { amount } }\n          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n        }\n      }\n    }\n  }": {return: EditedOrderQuery, variables: EditedOrderQueryVariables},
  "#graphql\n  query VariantFacts($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on ProductVariant {\n        id\n        inventoryItem {\n          id\n          unitCost {\n            amount\n            currencyCode\n          }\n        }\n        product {\n          id\n          collections(first: 50) {\n            nodes {\n              id\n            }\n          }\n        }\n      }\n    }\n  }": {return: VariantFactsQuery, variables: VariantFactsQueryVariables},
  "#graphql\n  query MarginGuardrailPreflightDiscounts($first: Int!, $after: String, $rollouts: Boolean!, $query: String!) {\n    discountNodes(first: $first, after: $after, query: $query) {\n      nodes {\n        id\n        discount {\n          __typename\n          # every discount type has its rollouts (HasRollouts, Admin API 2026-10)\n          ... on HasRollouts @include(if: $rollouts) {\n            rollouts(first: 2, query: \"status:ACTIVE\") {\n              nodes {\n                name status effectiveTrafficAllocation\n                treatments {\n                  split\n                  changes(first: 10, query: \"type:RolloutDiscountActivateChange\") {\n                    nodes { __typename ... on RolloutDiscountChange { discount { id } } }\n                  }\n                }\n              }\n            }\n          }\n          ... on DiscountCodeBasic {\n            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts productDiscountsWithTagsOnSameCartLine }\n            context { __typename }\n            codes(first: 1) { nodes { code } }\n            codesCount { count }\n            customerGets {\n              value {\n                __typename\n                ... on DiscountPercentage { percentage }\n                ... on DiscountAmount { amount { amount } appliesOnEachItem }\n              }\n              items {\n                __typename\n                ... on DiscountProducts { products(first: 20) { nodes { id } } productVariants(first: 20) { nodes { id price compareAtPrice } } }\n                ... on DiscountCollections { collections(first: 20) { nodes { id } } }\n              }\n            }\n            minimumRequirement {\n              __typename\n              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }\n              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n            }\n          }\n          ... on DiscountAutomaticBasic {\n            title status startsAt endsAt tags discountClasses\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts productDiscountsWithTagsOnSameCartLine }\n            context { __typename }\n            customerGets {\n              value {\n                __typename\n                ... on DiscountPercentage { percentage }\n                ... on DiscountAmount { amount { amount } appliesOnEachItem }\n              }\n              items {\n                __typename\n                ... on DiscountProducts { products(first: 20) { nodes { id } } productVariants(first: 20) { nodes { id price compareAtPrice } } }\n                ... on DiscountCollections { collections(first: 20) { nodes { id } } }\n              }\n            }\n            minimumRequirement {\n              __typename\n              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }\n              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n            }\n          }\n          ... on DiscountCodeFreeShipping {\n            title status startsAt endsAt tags usageLimit appliesOncePerCustomer\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n            context { __typename }\n            codes(first: 1) { nodes { code } }\n            codesCount { count }\n            maximumShippingPrice { amount }\n            minimumRequirement {\n              __typename\n              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }\n              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n            }\n          }\n          ... on DiscountAutomaticFreeShipping {\n            title status startsAt endsAt tags\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n            context { __typename }\n            maximumShippingPrice { amount }\n            minimumRequirement {\n              __typename\n              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount } }\n              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }\n            }\n          }\n          ... on DiscountCodeBxgy {\n            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n            context { __typename }\n            codes(first: 1) { nodes { code } }\n            codesCount { count }\n          }\n          ... on DiscountAutomaticBxgy {\n            title status startsAt endsAt tags discountClasses\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n          }\n          ... on DiscountCodeApp {\n            title status startsAt endsAt tags discountClasses usageLimit appliesOncePerCustomer\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n            context { __typename }\n            codes(first: 1) { nodes { code } }\n            codesCount { count }\n          }\n          ... on DiscountAutomaticApp {\n            title status startsAt endsAt tags discountClasses\n            combinesWith { productDiscounts orderDiscounts shippingDiscounts }\n          }\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }": {return: MarginGuardrailPreflightDiscountsQuery, variables: MarginGuardrailPreflightDiscountsQueryVariables},
  "#graphql\n  query MarginGuardrailReconcileOrders($first: Int!, $after: String, $query: String!, $lines: Int!) {\n    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {\n      pageInfo { hasNextPage endCursor }\n      nodes {\n        id legacyResourceId name createdAt updatedAt cancelledAt currencyCode tags note discountCodes\n        totalDiscountsSet { shopMoney { amount } }\n        discountApplications(first: 10) {\n          pageInfo { hasNextPage }\n          nodes {\n            __typename index targetType value { __typename }\n            ... on DiscountCodeApplication { code }\n            ... on AutomaticDiscountApplication { title }\n            ... on ManualDiscountApplication { title }\n            ... on ScriptDiscountApplication { title }\n          }\n        }\n        lineItems(first: $lines) {\n          pageInfo { hasNextPage endCursor }\n          nodes {\n            id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }\n            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n          }\n        }\n        shippingLines(first: 2) {\n          nodes {\n            originalPriceSet { shopMoney { amount } }\n            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }\n          }\n        }\n      }\n    }\n  }": {return: MarginGuardrailReconcileOrdersQuery, variables: MarginGuardrailReconcileOrdersQueryVariables},
  "#graphql\n  query MarginGuardrailWebhookSubscriptions($topics: [WebhookSubscriptionTopic!]) {\n    webhookSubscriptions(first: 50, topics: $topics) {\n      nodes { topic }\n    }\n  }": {return: MarginGuardrailWebhookSubscriptionsQuery, variables: MarginGuardrailWebhookSubscriptionsQueryVariables},
  "#graphql\n  query MarginGuardrailCollectionTitle($id: ID!) {\n    collection(id: $id) { id title }\n  }": {return: MarginGuardrailCollectionTitleQuery, variables: MarginGuardrailCollectionTitleQueryVariables},
  "#graphql\n  query MarginGuardrailShopContactEmail {\n    shop { contactEmail }\n  }": {return: MarginGuardrailShopContactEmailQuery, variables: MarginGuardrailShopContactEmailQueryVariables},
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation MarginGuardrailTagsAdd($id: ID!, $tags: [String!]!) {\n    tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } }\n  }": {return: MarginGuardrailTagsAddMutation, variables: MarginGuardrailTagsAddMutationVariables},
  "#graphql\n  mutation MarginGuardrailHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {\n    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) {\n      fulfillmentHold { id handle }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailHoldMutation, variables: MarginGuardrailHoldMutationVariables},
  "#graphql\n  mutation MarginGuardrailReleaseHold($id: ID!, $holdIds: [ID!]) {\n    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {\n      fulfillmentOrder { id status }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailReleaseHoldMutation, variables: MarginGuardrailReleaseHoldMutationVariables},
  "#graphql\n  mutation MarginGuardrailFlowTrigger($handle: String!, $payload: JSON!) {\n    flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { field message } }\n  }": {return: MarginGuardrailFlowTriggerMutation, variables: MarginGuardrailFlowTriggerMutationVariables},
  "#graphql\n  mutation MarginGuardrailSubscribe($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean) {\n    appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, test: $test) {\n      appSubscription { id status }\n      confirmationUrl\n      userErrors { field message }\n    }\n  }": {return: MarginGuardrailSubscribeMutation, variables: MarginGuardrailSubscribeMutationVariables},
  "#graphql\n  mutation MarginGuardrailCancel($id: ID!, $prorate: Boolean) {\n    appSubscriptionCancel(id: $id, prorate: $prorate) {\n      appSubscription { id status }\n      userErrors { field message }\n    }\n  }": {return: MarginGuardrailCancelMutation, variables: MarginGuardrailCancelMutationVariables},
  "#graphql\n  mutation MarginGuardrailValidationCreate($validation: ValidationCreateInput!) {\n    validationCreate(validation: $validation) { validation { id enabled } userErrors { field message code } }\n  }": {return: MarginGuardrailValidationCreateMutation, variables: MarginGuardrailValidationCreateMutationVariables},
  "#graphql\n  mutation MarginGuardrailValidationUpdate($id: ID!, $validation: ValidationUpdateInput!) {\n    validationUpdate(id: $id, validation: $validation) { validation { id enabled } userErrors { field message code } }\n  }": {return: MarginGuardrailValidationUpdateMutation, variables: MarginGuardrailValidationUpdateMutationVariables},
  "#graphql\n  mutation MarginGuardrailConfigSet($metafields: [MetafieldsSetInput!]!) {\n    metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message code } }\n  }": {return: MarginGuardrailConfigSetMutation, variables: MarginGuardrailConfigSetMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeRulesDiscount($automaticAppDiscount: DiscountAutomaticAppInput!) {\n    discountAutomaticAppCreate(automaticAppDiscount: $automaticAppDiscount) {\n      automaticAppDiscount { discountId }\n      userErrors { field message }\n    }\n  }": {return: MarginGuardrailCodeRulesDiscountMutation, variables: MarginGuardrailCodeRulesDiscountMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeRulesSet($metafields: [MetafieldsSetInput!]!) {\n    metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message code } }\n  }": {return: MarginGuardrailCodeRulesSetMutation, variables: MarginGuardrailCodeRulesSetMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeRulesOn($id: ID!) {\n    discountAutomaticActivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } }\n  }": {return: MarginGuardrailCodeRulesOnMutation, variables: MarginGuardrailCodeRulesOnMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeRulesOff($id: ID!) {\n    discountAutomaticDeactivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } }\n  }": {return: MarginGuardrailCodeRulesOffMutation, variables: MarginGuardrailCodeRulesOffMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeDeactivate($id: ID!) {\n    discountCodeDeactivate(id: $id) {\n      codeDiscountNode { id }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailCodeDeactivateMutation, variables: MarginGuardrailCodeDeactivateMutationVariables},
  "#graphql\n  mutation MarginGuardrailCodeActivate($id: ID!) {\n    discountCodeActivate(id: $id) {\n      codeDiscountNode { id }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailCodeActivateMutation, variables: MarginGuardrailCodeActivateMutationVariables},
  "#graphql\n  mutation MarginGuardrailMarkerCreate($input: AnalyticsAnnotationCreateInput!) {\n    analyticsAnnotationCreate(input: $input) {\n      analyticsAnnotation { id }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailMarkerCreateMutation, variables: MarginGuardrailMarkerCreateMutationVariables},
  "#graphql\n  mutation MarginGuardrailMarkerUpdate($id: ID!, $input: AnalyticsAnnotationUpdateInput!) {\n    analyticsAnnotationUpdate(id: $id, input: $input) {\n      analyticsAnnotation { id }\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailMarkerUpdateMutation, variables: MarginGuardrailMarkerUpdateMutationVariables},
  "#graphql\n  mutation MarginGuardrailMarkerDelete($id: ID!) {\n    analyticsAnnotationDelete(id: $id) {\n      deletedId\n      userErrors { field message code }\n    }\n  }": {return: MarginGuardrailMarkerDeleteMutation, variables: MarginGuardrailMarkerDeleteMutationVariables},
}
declare module '@shopify/admin-api-client' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
