import { z } from 'zod';
import { Auth } from '../../../../modules/auth';
import { MinimumRole, Permissions } from '../../../../modules/rbac';
import {
  All,
  Body,
  Controller,
  Cookie,
  Delete,
  Depends,
  Description,
  Get,
  Header,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Summary,
} from '../../../../src';

// Shared schemas: a meta id makes each one a component, referenced wherever it is used.
export const Address = z
  .object({ street: z.string(), city: z.string(), zip: z.string().regex(/^\d{5}$/) })
  .meta({ id: 'Address', description: 'A postal address' });

export const Customer = z
  .object({
    name: z.string().min(1),
    email: z.email(),
    billing: Address,
    shipping: Address.optional(),
    tags: z.array(z.string()).default([]),
  })
  .meta({ id: 'Customer' });

export const Product = z
  .object({
    name: z.string().min(1),
    price: z.number().positive(),
    currency: z.enum(['EUR', 'USD']),
    availableFrom: z.coerce.date().optional(),
    dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
  })
  .meta({ id: 'Product' });

export const NewOrder = z
  .object({
    customerId: z.uuid(),
    lines: z.array(z.object({ productId: z.number().int(), quantity: z.number().int().min(1) })).min(1),
    shipTo: Address,
    note: z.string().max(200).optional(),
  })
  .meta({ id: 'NewOrder' });

export interface CategoryShape {
  name: string;
  children: CategoryShape[];
}

export const Category: z.ZodType<CategoryShape> = z
  .object({
    name: z.string(),
    get children() {
      return z.array(Category);
    },
  })
  .meta({ id: 'Category' });

// Recursive and without an id: the document must still name it to reference it.
export const Outline: z.ZodType<CategoryShape> = z.object({
  name: z.string(),
  get children() {
    return z.array(Outline);
  },
});

export const ProductQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().optional(),
  sort: z.enum(['name', 'price']).optional(),
});

const productId = z.coerce.number().int().positive();

@Controller('/products')
@Description('The catalog')
export class ProductsController {
  @Get()
  @Summary('List products')
  list(@Query(ProductQuery) query: z.infer<typeof ProductQuery>) {
    return { query };
  }

  @Get('/:productId')
  @Summary('One product')
  one(@Param('productId', productId) id: number) {
    return { id };
  }

  @Post()
  @Summary('Add a product')
  @Description('The product is visible at once.')
  @Permissions('products:write')
  create(@Body(Product) product: z.infer<typeof Product>) {
    return product;
  }

  @Put('/:productId')
  @MinimumRole('admin')
  update(@Param('productId', productId) id: number, @Body(Product.partial()) changes: object) {
    return { id, changes };
  }

  @Delete('/:productId')
  @MinimumRole('admin')
  @Permissions('products:delete', 'products:write')
  remove(@Param('productId') id: string) {
    return { id };
  }
}

@Controller('/customers')
@Auth()
export class CustomersController {
  @Post()
  create(
    @Body(Customer) customer: z.infer<typeof Customer>,
    @Header('X-Request-Id', z.uuid().optional()) requestId?: string,
  ) {
    return { customer, requestId };
  }

  @Get('/:customerId')
  one(@Param('customerId') id: string, @Cookie('session') session?: string) {
    return { id, session };
  }

  @Get('/:customerId/orders/:orderId')
  order(@Param(z.object({ customerId: z.uuid(), orderId: z.coerce.number().int() })) params: object) {
    return params;
  }
}

@Controller('/orders')
export class OrdersController {
  @Post()
  place(
    @Body(NewOrder) order: z.infer<typeof NewOrder>,
    @Header('idempotency-key', z.string().min(8)) key: string,
    @Depends(() => 'clock') clock: string,
  ) {
    return { order, key, clock };
  }

  // No decorator reads the path parameters: they are still declared, as strings.
  @Get('/:orderId/lines/:lineId')
  line(@Req() req: { params: object }) {
    return req.params;
  }
}

@Controller('/categories')
export class CategoriesController {
  @Get()
  search(@Query(z.record(z.string(), z.string())) filters: Record<string, string>) {
    return filters;
  }

  @Post()
  create(@Body(Category) category: CategoryShape) {
    return category;
  }

  @Patch('/:slug/outline')
  outline(@Param('slug') slug: string, @Body(Outline) outline: CategoryShape) {
    return { slug, outline };
  }
}

@Controller()
export class HealthController {
  @All('/health')
  health() {
    return { ok: true };
  }
}

/** Every controller of the shop. */
export const SHOP_CONTROLLERS = [
  ProductsController,
  CustomersController,
  OrdersController,
  CategoriesController,
  HealthController,
];
