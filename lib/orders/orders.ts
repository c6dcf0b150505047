// The order data: the orders table (the row the buyer's page follows), the rate-limit slots and
// per-IP windows, and the processed Stripe events. Functions get access through purpose grants.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { OrdersGrants } from '#lib/shared/grants.ts';
import type { ReelFiveFunction } from '#lib/shared/reelfive-function.ts';
import { byStatusProjection, orderIndexes } from '#shared/order-indexes.ts';
import { envNames } from '#shared/runtime-env.ts';

export interface OrdersProps {
  /** prod keeps its data when the stack goes; other stages clean up. */
  retainData: boolean;
}

export class Orders extends Construct implements OrdersGrants {
  readonly ordersTable: TableV2;
  readonly rateLimitsTable: TableV2;
  readonly eventsTable: TableV2;

  constructor(scope: Construct, id: string, props: OrdersProps) {
    super(scope, id);
    const common = {
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    };

    this.ordersTable = new TableV2(this, 'OrdersTable', {
      ...common,
      partitionKey: { name: 'id', type: AttributeType.STRING },
      // The realtime publisher follows every write of a row (docs/design.md "Architecture").
      dynamoStream: StreamViewType.NEW_AND_OLD_IMAGES,
      globalSecondaryIndexes: [
        {
          // Ops find a buyer's orders by a hash of the email, never the email itself.
          indexName: orderIndexes.byEmailHash,
          partitionKey: { name: 'email_hash', type: AttributeType.STRING },
          sortKey: { name: 'created_at', type: AttributeType.STRING },
        },
        {
          // The reconciler's view (docs/design.md "Failure and repair"): orders of one status, oldest write first, so a
          // repair query reads a time window of one status and never scans the table.
          indexName: orderIndexes.byStatus,
          partitionKey: { name: 'order_status', type: AttributeType.STRING },
          sortKey: { name: 'updated_at', type: AttributeType.STRING },
          projectionType: ProjectionType.INCLUDE,
          nonKeyAttributes: [...byStatusProjection],
        },
        {
          // Sparse: the few orders whose last email SES did not take; the reconciler sends them.
          indexName: orderIndexes.byEmailOwed,
          partitionKey: { name: 'email_owed', type: AttributeType.STRING },
          projectionType: ProjectionType.KEYS_ONLY,
        },
      ],
    });

    this.rateLimitsTable = new TableV2(this, 'RateLimitsTable', {
      ...common,
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      sortKey: { name: 'sk', type: AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
    });

    this.eventsTable = new TableV2(this, 'EventsTable', {
      ...common,
      partitionKey: { name: 'id', type: AttributeType.STRING },
      timeToLiveAttribute: 'expires_at',
    });
  }

  /** Read one order by id. */
  grantOrderRead(fn: ReelFiveFunction): void {
    this.allow(fn, this.ordersTable, ['dynamodb:GetItem']);
    fn.addEnvironment(envNames.ordersTable, this.ordersTable.tableName);
  }

  /** Create and update orders, alone or inside the slot-claiming transaction. */
  grantOrderWrite(fn: ReelFiveFunction): void {
    this.allow(fn, this.ordersTable, ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem']);
    fn.addEnvironment(envNames.ordersTable, this.ordersTable.tableName);
  }

  /**
   * Find repair candidates through the by_status and by_email_owed indexes (the rows themselves:
   * grantOrderRead).
   */
  grantRepairQuery(fn: ReelFiveFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [orderIndexes.byStatus, orderIndexes.byEmailOwed].map(
          (index) => `${this.ordersTable.tableArn}/index/${index}`,
        ),
      }),
    );
    fn.addEnvironment(envNames.ordersTable, this.ordersTable.tableName);
  }

  /** Claim and release the per-email order slots and count per-IP attempts. */
  grantRateLimits(fn: ReelFiveFunction): void {
    this.allow(fn, this.rateLimitsTable, [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ]);
    fn.addEnvironment(envNames.rateLimitsTable, this.rateLimitsTable.tableName);
  }

  /** The Powertools idempotency record of each Stripe event (get, claim, complete, forget). */
  grantWebhookEvents(fn: ReelFiveFunction): void {
    this.allow(fn, this.eventsTable, [
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ]);
    fn.addEnvironment(envNames.eventsTable, this.eventsTable.tableName);
  }

  private allow(fn: ReelFiveFunction, table: TableV2, actions: string[]): void {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [table.tableArn] }));
  }
}
