import type { SampleConfig } from '../config';
import { SAMPLE_CONFIG } from '../tokens';
import { Controller, Get, Inject, Res, Summary } from '../trellis';
import { homePage } from './home-page';

/** What `res` offers on both engines (Express's response, Fastify's reply). */
interface PageResponse {
  type(contentType: string): PageResponse;
  send(payload: string): unknown;
}

/** `GET /`: the address the start-up banner prints, a page for people rather than programs. */
@Controller('/')
export class HomeController {
  private readonly page: string;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig) {
    this.page = homePage(config.env !== 'production');
  }

  @Get()
  @Summary('A page linking the API docs, the GraphQL IDE and health')
  home(@Res() res: PageResponse): void {
    res.type('text/html; charset=utf-8').send(this.page);
  }
}
