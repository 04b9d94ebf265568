// An application `trellis inspect` loads in specs: exported as `app`, with a provider per scope.
import { Controller, createApp, Depends, Get, Injectable } from '../../../index';

@Injectable('request')
export class Basket {}

@Injectable('transient')
export class PriceFormatter {}

@Injectable()
export class Catalogue {
  constructor(readonly formatter: PriceFormatter) {}
}

@Controller('/products')
export class ProductsController {
  constructor(readonly catalogue: Catalogue) {}

  @Get('/')
  list(@Depends(Basket) _basket: Basket) {
    return [];
  }
}

/** The application, made at import; `trellis inspect` readies it without listening. */
export const app = createApp({ controllers: [ProductsController] });
