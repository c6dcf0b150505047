// What `cdk destroy` takes and what it leaves: a stage that does not keep its data empties and
// deletes every bucket and table; prod keeps its buckets and tables. docs/deploy.md's Teardown section
// lists what survives a destroy of each stage, and is checked here against the templates.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildStack, type CfnResource, testParameters } from './stack.ts';

const stages = {
  staging: buildStack(testParameters({ stage: 'staging' })).template,
  prod: buildStack().template,
};

const resourcesOf = (template: (typeof stages)['prod'], type: string) =>
  Object.entries(template.findResources(type) as Record<string, CfnResource>);

/** CloudFormation's logical id without the hash CDK appends: the name docs/deploy.md uses. */
const readableId = (logicalId: string) => logicalId.replace(/[0-9A-F]{8}$/, '');

describe('staging (any stage that does not keep its data)', () => {
  const template = stages.staging;
  const buckets = resourcesOf(template, 'AWS::S3::Bucket');

  it('has the access-logs, ad-images, videos and site buckets', () => {
    expect(buckets.map(([id]) => readableId(id)).sort()).toEqual([
      'AccessLogs',
      'SiteSiteBucket',
      'UploadsAdImagesBucket',
      'UploadsVideosBucket',
    ]);
  });

  it.each(buckets.map(([id, bucket]) => [readableId(id), id, bucket] as const))(
    '%s is emptied and then deleted with the stack',
    (_name, bucketId, bucket) => {
      const emptiers = resourcesOf(template, 'Custom::S3AutoDeleteObjects').filter(
        ([, emptier]) => emptier.Properties.BucketName?.Ref === bucketId,
      );

      expect(bucket.DeletionPolicy).toBe('Delete');
      expect(emptiers).toHaveLength(1);
      // A versioned bucket would also need its old versions emptied; none is versioned.
      expect(bucket.Properties.VersioningConfiguration).toBeUndefined();
    },
  );

  it('deletes every table, unprotected', () => {
    for (const [id, table] of resourcesOf(template, 'AWS::DynamoDB::GlobalTable')) {
      expect(table.DeletionPolicy, id).toBe('Delete');
      expect(table.Properties.Replicas[0].DeletionProtectionEnabled, id).toBe(false);
    }
  });
});

describe('prod', () => {
  const template = stages.prod;

  it('keeps every bucket and table, and empties none', () => {
    const kept = [...resourcesOf(template, 'AWS::S3::Bucket'), ...resourcesOf(template, 'AWS::DynamoDB::GlobalTable')];

    expect(kept.length).toBe(8);
    for (const [id, resource] of kept) {
      expect(resource.DeletionPolicy, id).toBe('Retain');
      expect((resource as CfnResource & { UpdateReplacePolicy?: string }).UpdateReplacePolicy, id).toBe('Retain');
    }
    expect(resourcesOf(template, 'Custom::S3AutoDeleteObjects')).toEqual([]);
  });
});

describe.each(['staging', 'prod'] as const)('the %s edge stack (us-east-1)', (stage) => {
  const { edgeTemplate } = buildStack(testParameters({ stage }));

  it('keeps nothing: the web ACL, its log group, the alarm and its topic all go with it', () => {
    const resources = Object.entries(edgeTemplate?.toJSON().Resources as Record<string, CfnResource>);

    expect(resources.length).toBeGreaterThan(0);
    for (const [id, resource] of resources) expect(resource.DeletionPolicy ?? 'Delete', id).toBe('Delete');
  });
});

describe('docs/deploy.md, Teardown', () => {
  const deployDoc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
  const section = deployDoc.slice(
    deployDoc.indexOf('\n## Teardown'),
    deployDoc.indexOf('\n## ', deployDoc.indexOf('\n## Teardown') + 1),
  );

  /** The backquoted names in the first column after the stage, on the stage's rows of the table. */
  const listed = (stage: string) => {
    const rows = section.split('\n').filter((line) => line.startsWith(`| ${stage} `));
    if (rows.length === 0) throw new Error(`docs/deploy.md's Teardown has no row for ${stage}`);
    return rows
      .flatMap((row) => [...(row.split('|')[2] ?? '').matchAll(/`([A-Za-z0-9]+)`/g)].map(([, name]) => name))
      .sort();
  };

  it.each(Object.entries(stages))('lists exactly what a destroy of %s leaves behind', (stage, template) => {
    const survivors = Object.entries(template.toJSON().Resources as Record<string, CfnResource>)
      .filter(([, resource]) => ['Retain', 'RetainExceptOnCreate'].includes(resource.DeletionPolicy ?? 'Delete'))
      .map(([id]) => readableId(id))
      .sort();

    expect(listed(stage)).toEqual(survivors);
  });
});
