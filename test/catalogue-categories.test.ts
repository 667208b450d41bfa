import { afterAll, describe, expect, it } from 'vitest';
import { facetValuesOf, type Category } from '../src/contract/taxonomy.ts';
import { adminShop } from './support/admin-shop.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, refusalOf } from './support/inject.ts';

const { ctx, admin, customer, latestAudit, adminDelete } = await adminShop();
afterAll(() => ctx.app.close());

let made = 0;
/** A category added by the admin (a unique name unless given), its answer checked. */
async function add(body: { name?: string; slug?: string; parentId?: string; position?: number }) {
  const res = await inject(ctx.app, 'POST /api/categories', {
    as: admin,
    body: { name: `Category ${++made}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
}

/** A line of categories, each under the one before: the first at the top. */
async function line(...names: string[]) {
  const made: Category[] = [];
  for (const name of names) made.push(await add({ name, parentId: made.at(-1)?._id }));
  return made;
}

const list = async () => {
  const res = await inject(ctx.app, 'GET /api/categories');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Category[] }>().data;
};
const listed = async (id: string) => (await list()).find((c) => c._id === id);

describe('the category list', () => {
  it('draws the tree for anyone: each category followed by its subcategories by position, counting the products below it', async () => {
    const drivetrain = await add({ name: 'Drivetrain', slug: 'drivetrain', position: 0 });
    const wheels = await add({ name: 'Wheels', slug: 'wheels', position: 1 });
    const cassettes = await add({ name: 'Cassettes', parentId: drivetrain._id, position: 2 });
    const chains = await add({ name: 'Chains', parentId: drivetrain._id, position: 1 });
    const eleven = await add({ name: '11-speed chains', parentId: chains._id });
    // Same position: by name.
    const bb = await add({ name: 'Bottom brackets', parentId: drivetrain._id, position: 1 });
    for (const categoryId of [eleven._id, eleven._id, chains._id, cassettes._id, wheels._id]) {
      await insertProduct(ctx.db, { categoryId });
    }

    const tree = (await list()).filter((c) =>
      [drivetrain, wheels, cassettes, chains, eleven, bb].some((m) => m._id === c._id),
    );
    expect(tree.map((c) => [c.name, c.productCount])).toEqual([
      ['Drivetrain', 4],
      ['Bottom brackets', 0],
      ['Chains', 3],
      ['11-speed chains', 2],
      ['Cassettes', 1],
      ['Wheels', 1],
    ]);
    expect(tree[3]).toEqual({
      _id: eleven._id,
      slug: '11-speed-chains',
      name: '11-speed chains',
      parentId: chains._id,
      position: 0,
      productCount: 2,
    });
  });
});

describe('adding a category', () => {
  it('makes its slug from the name and puts it last among its siblings', async () => {
    const [top] = await line('Bottom brackets & cups');
    expect(top).toMatchObject({ slug: 'bottom-brackets-cups', parentId: null, productCount: 0 });
    const first = await add({ parentId: top!._id, position: 5 });
    const second = await add({ parentId: top!._id });
    expect(first.position).toBe(5);
    expect(second.position).toBe(6);
    expect(await latestAudit()).toMatchObject({
      action: 'category.create',
      targetType: 'category',
      targetId: second._id,
      actorEmail: 'boss@example.com',
    });
  });

  it('refuses a slug another category has, naming that category (409)', async () => {
    await add({ name: 'Tyres and tubes', slug: 'tyres' });
    const res = await inject(ctx.app, 'POST /api/categories', {
      as: admin,
      body: { name: 'Tyres' },
    });
    expect(refusalOf(res, 409)).toBe(
      'The slug tyres is already used by the category Tyres and tubes',
    );
    const other = await add({});
    const renamed = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: other._id },
      body: { slug: 'tyres' },
    });
    expect(refusalOf(renamed, 409)).toContain('category Tyres and tubes');
  });

  it('refuses an unknown parent, naming it (400)', async () => {
    const ghost = '6f1c3a52-9a4e-4c1b-8d2e-0a9b8c7d6e5f';
    const res = await inject(ctx.app, 'POST /api/categories', {
      as: admin,
      body: { name: 'Orphans', parentId: ghost },
    });
    expect(refusalOf(res, 400)).toBe(`parentId: there is no category ${ghost}`);
    const moved = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: (await add({}))._id },
      body: { parentId: ghost },
    });
    expect(refusalOf(moved, 400)).toContain(ghost);
  });

  it('refuses a fifth level (400)', async () => {
    const levels = await line('Level one', 'Level two', 'Level three', 'Level four');
    const res = await inject(ctx.app, 'POST /api/categories', {
      as: admin,
      body: { name: 'Level five', parentId: levels[3]!._id },
    });
    expect(refusalOf(res, 400)).toBe(
      'parentId: categories go at most 4 levels deep, and a category under Level one › Level two › Level three › Level four would make 5',
    );
    expect((await list()).some((c) => c.name === 'Level five')).toBe(false);
  });
});

describe('changing a category', () => {
  it('renames it and moves it under another parent, last there unless a position is given', async () => {
    const [parts] = await line('Parts');
    const [loose] = await line('Loose');
    await add({ parentId: parts!._id, position: 3 });
    const res = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: loose!._id },
      body: { name: 'Loose parts', parentId: parts!._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Loose parts', parentId: parts!._id, position: 4 });
    const back = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: loose!._id },
      body: { parentId: null, position: 9 },
    });
    expect(back.json()).toMatchObject({ parentId: null, position: 9, slug: 'loose' });
    expect(await latestAudit()).toMatchObject({
      action: 'category.update',
      targetId: loose!._id,
      summary: 'Changed the category: now Loose parts (loose, position 9)',
    });
  });

  it('refuses a move under itself or under its own subcategory (400)', async () => {
    const [a, , c] = await line('Groupsets', 'Road groupsets', 'Shimano road');
    const itself = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: a!._id },
      body: { parentId: a!._id },
    });
    expect(refusalOf(itself, 400)).toBe('parentId: Groupsets cannot be its own parent');
    const below = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: a!._id },
      body: { parentId: c!._id },
    });
    expect(refusalOf(below, 400)).toBe(
      'parentId: Groupsets › Road groupsets › Shimano road is below Groupsets, which cannot move under its own subcategory',
    );
    expect((await listed(a!._id))?.parentId).toBeNull();
  });

  it('refuses a move that would take the moved subtree past the fourth level, and allows one that fits', async () => {
    const [, b] = await line('Tools', 'Workshop tools', 'Chain tools');
    const [x, y] = await line('Cables', 'Brake cables', 'Inner cables');
    // Cables › Brake cables › Inner cables under Workshop tools: levels 3, 4 and 5.
    const deep = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: x!._id },
      body: { parentId: b!._id },
    });
    expect(refusalOf(deep, 400)).toBe(
      'parentId: categories go at most 4 levels deep, and Cables and what is below it, under Tools › Workshop tools, would make 5',
    );
    // Brake cables › Inner cables there: levels 3 and 4.
    const fits = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: y!._id },
      body: { parentId: b!._id },
    });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('refuses a move that would take an attribute away from its products (409 naming one)', async () => {
    const [road, roadChains] = await line('Road', 'Road chains');
    const [mtb] = await line('Mountain');
    await inject(ctx.app, 'POST /api/attributes', {
      as: admin,
      body: { key: 'road-speeds', label: 'Road speeds', type: 'number', categoryIds: [road!._id] },
    });
    const attributes = { 'road-speeds': 11 };
    await insertProduct(ctx.db, {
      name: 'Road chain 11',
      categoryId: roadChains!._id,
      attributes,
      facetValues: facetValuesOf(attributes),
    });
    const move = (parentId: string | null) =>
      inject(ctx.app, 'PATCH /api/categories/:id', {
        as: admin,
        params: { id: roadChains!._id },
        body: { parentId },
      });
    expect(refusalOf(await move(mtb!._id), 409)).toMatch(
      /^parentId: moving Road chains would leave Road chain 11 \(SKU T-\w+\) with road-speeds, which its category would no longer have: change those products first$/,
    );
    expect((await listed(roadChains!._id))?.parentId).toBe(road!._id);
    // Renaming it, or moving its parent with it, leaves the products their attribute.
    const renamed = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: roadChains!._id },
      body: { name: 'Road bike chains' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const parentMoved = await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: road!._id },
      body: { parentId: mtb!._id },
    });
    expect(parentMoved.statusCode, parentMoved.body).toBe(200);
  });

  it('answers 404 for a category that is not there', async () => {
    for (const id of ['6f1c3a52-9a4e-4c1b-8d2e-0a9b8c7d6e5f', 'not-an-id']) {
      const res = await inject(ctx.app, 'PATCH /api/categories/:id', {
        as: admin,
        params: { id },
        body: { name: 'Nothing' },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('deleting a category', () => {
  it('is refused while it has products or subcategories, saying how many (409)', async () => {
    const [top, child] = await line('Saddles', 'Road saddles');
    await insertProduct(ctx.db, { categoryId: child!._id });
    await insertProduct(ctx.db, { categoryId: child!._id });
    const withProducts = await adminDelete('DELETE /api/categories/:id', child!._id);
    expect(refusalOf(withProducts, 409)).toBe(
      'Road saddles still has 2 products: move or delete them first',
    );
    const withChild = await adminDelete('DELETE /api/categories/:id', top!._id);
    expect(refusalOf(withChild, 409)).toBe(
      'Saddles still has 1 subcategory: move or delete them first',
    );
  });

  it('deletes an empty category, in the audit trail; a second delete is a 404', async () => {
    const [gone] = await line('Gone soon');
    const res = await adminDelete('DELETE /api/categories/:id', gone!._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, _id: gone!._id });
    expect(await listed(gone!._id)).toBeUndefined();
    expect(await latestAudit()).toMatchObject({
      action: 'category.delete',
      summary: 'Deleted the category Gone soon (gone-soon)',
    });
    const again = await adminDelete('DELETE /api/categories/:id', gone!._id);
    expect(again.statusCode).toBe(404);
  });
});

describe('the counts', () => {
  it('follow a product deleted and a category moved at once', async () => {
    const [lights, front] = await line('Lights', 'Front lights');
    const [other] = await line('Other lights');
    const product = await insertProduct(ctx.db, { categoryId: front!._id });
    await insertProduct(ctx.db, { categoryId: front!._id });
    expect((await listed(lights!._id))?.productCount).toBe(2);

    const deleted = await adminDelete('DELETE /api/tool/:id', product.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listed(lights!._id))?.productCount).toBe(1);

    await inject(ctx.app, 'PATCH /api/categories/:id', {
      as: admin,
      params: { id: front!._id },
      body: { parentId: other!._id },
    });
    expect((await listed(lights!._id))?.productCount).toBe(0);
    expect((await listed(other!._id))?.productCount).toBe(1);
  });
});

describe('who may change categories', () => {
  it('admins only: customers hear 403 and visitors 401', async () => {
    const target = await add({});
    const calls = [
      () => inject(ctx.app, 'POST /api/categories', { as: customer, body: { name: 'Mine' } }),
      () =>
        inject(ctx.app, 'PATCH /api/categories/:id', {
          as: customer,
          params: { id: target._id },
          body: { name: 'Mine' },
        }),
      () =>
        inject(ctx.app, 'DELETE /api/categories/:id', { as: customer, params: { id: target._id } }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    const visitor = await inject(ctx.app, 'POST /api/categories', { body: { name: 'Mine' } });
    expect(visitor.statusCode).toBe(401);
    expect(await listed(target._id)).toMatchObject({ name: target.name });
  });
});
